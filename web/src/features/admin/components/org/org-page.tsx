import { Badge, Button, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { AdminSchool } from '@/generated/AdminSchool';
import type { OrgTree } from '@/generated/OrgTree';
import type { SchoolGroup } from '@/generated/SchoolGroup';
import { formatDateTime } from '@/lib/format';
import { showSuccess } from '@/lib/toast';
import { useCloseSchool, useDeleteGroup, useOrg, useSaveGroup } from '../../api/org';
import { NameModal } from '../name-modal';
import { SchoolModal } from './school-modal';
import { SchoolUnits } from './school-units';

export const SCHOOL_TABLE = '校区列表';

/** Every group, or the schools of no group. */
const ALL_GROUPS = 'all';
const NO_GROUP = 'none';

interface SchoolActions {
  edit: (s: AdminSchool) => void;
  units: (s: AdminSchool) => void;
  close: (s: AdminSchool) => void;
  reopen: (s: AdminSchool) => void;
}

function schoolColumns(org: OrgTree, act: SchoolActions): ListTableColumn<AdminSchool>[] {
  const province = (code: string) => org.provinces.find((p) => p.code === code)?.name ?? code;
  const group = (id: number | undefined) =>
    id === undefined ? '-' : (org.groups.find((g) => g.id === id)?.name ?? '-');
  return [
    { accessor: 'name', title: '校区', width: 180 },
    { accessor: 'provinceCode', title: '省份', width: 100, render: (s) => province(s.provinceCode) },
    { accessor: 'groupId', title: '分组', width: 130, render: (s) => group(s.groupId) },
    {
      accessor: 'localEdition',
      title: '本地版',
      width: 80,
      render: (s) => (s.localEdition ? <Badge variant="light">本地版</Badge> : '-'),
    },
    { accessor: 'areas', title: '教学点', width: 80, render: (s) => s.areas.length },
    { accessor: 'departments', title: '部门', width: 80, render: (s) => s.departments.length },
    { accessor: 'accounts', title: '账号数', width: 80 },
    {
      accessor: 'closedAt',
      title: '状态',
      width: 170,
      render: (s) =>
        s.closedAt === undefined ? (
          <Badge color="green" variant="light">
            开放
          </Badge>
        ) : (
          <Group gap={4} wrap="nowrap">
            <Badge color="gray" variant="light">
              已关闭
            </Badge>
            <Text size="xs" c="dimmed">
              {formatDateTime(new Date(s.closedAt))}
            </Text>
          </Group>
        ),
    },
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      width: 240,
      render: (s) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="subtle" aria-label={`编辑 ${s.name}`} onClick={() => act.edit(s)}>
            编辑
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={`${s.name} 的教学点与部门`}
            onClick={() => act.units(s)}
          >
            教学点与部门
          </Button>
          {s.closedAt === undefined ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={`关闭 ${s.name}`}
              onClick={() => act.close(s)}
            >
              关闭
            </Button>
          ) : (
            <Button size="compact-xs" variant="subtle" aria-label={`重新开放 ${s.name}`} onClick={() => act.reopen(s)}>
              重新开放
            </Button>
          )}
        </Group>
      ),
    },
  ];
}

interface GroupsPanelProps {
  groups: SchoolGroup[];
  schools: AdminSchool[];
}

/** The school groups: added, renamed, deleted (their schools stay, ungrouped). */
function GroupsPanel({ groups, schools }: GroupsPanelProps) {
  const [naming, setNaming] = useState<SchoolGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SchoolGroup | null>(null);
  const save = useSaveGroup();
  const remove = useDeleteGroup();
  const editing = naming === 'new' ? null : naming;

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>校区分组</Title>
          <Button size="xs" variant="light" onClick={() => setNaming('new')}>
            新增分组
          </Button>
        </Group>
        {groups.length === 0 ? (
          <Text size="sm" c="dimmed">
            暂无分组
          </Text>
        ) : (
          <Group gap="xs" role="list" aria-label="校区分组">
            {groups.map((g) => (
              <Paper key={g.id} withBorder px="xs" py={4} role="listitem" aria-label={g.name}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{g.name}</Text>
                  <Text size="xs" c="dimmed">
                    {schools.filter((s) => s.groupId === g.id).length} 个校区
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`重命名 ${g.name}`}
                    onClick={() => setNaming(g)}
                  >
                    重命名
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`删除 ${g.name}`}
                    onClick={() => setDeleting(g)}
                  >
                    删除
                  </Button>
                </Group>
              </Paper>
            ))}
          </Group>
        )}
      </Stack>
      <NameModal
        title={naming === null ? null : editing ? '重命名分组' : '新增分组'}
        label="分组名称"
        initial={editing?.name ?? ''}
        maxLength={50}
        busy={save.isPending}
        onSubmit={(name) =>
          save.mutate(
            { ...(editing ? { id: editing.id } : {}), name },
            {
              onSuccess: () => {
                showSuccess('分组已保存');
                setNaming(null);
              },
            },
          )
        }
        onClose={() => setNaming(null)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title="删除分组"
        message={deleting ? `确定删除分组「${deleting.name}」吗？其中的校区保留，变为未分组。` : ''}
        confirmLabel="删除"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: () => {
                showSuccess('分组已删除');
                setDeleting(null);
              },
            },
          )
        }
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}

/**
 * /administration/org (组织架构): the school groups, and the schools with their province, group,
 * edition, accounts and state; a school is created, edited, closed (its records stay for the
 * reports) or reopened, and its teaching sites and departments kept.
 */
export function OrgPage() {
  const query = useOrg();
  const org = query.data;
  const [groupFilter, setGroupFilter] = useState<string>(ALL_GROUPS);
  const [showClosed, setShowClosed] = useState(true);
  const [editing, setEditing] = useState<AdminSchool | 'new' | null>(null);
  const [unitsOf, setUnitsOf] = useState<number | null>(null);
  const [closing, setClosing] = useState<AdminSchool | null>(null);
  const close = useCloseSchool();

  const schools = (org?.schools ?? []).filter(
    (s) =>
      (groupFilter === ALL_GROUPS ||
        (groupFilter === NO_GROUP ? s.groupId === undefined : s.groupId === Number(groupFilter))) &&
      (showClosed || s.closedAt === undefined),
  );
  // The drawer follows the tree as it is read again after each change.
  const unitsSchool = org?.schools.find((s) => s.id === unitsOf) ?? null;

  const setClosed = (school: AdminSchool, closed: boolean) =>
    close.mutate(
      { id: school.id, closed },
      {
        onSuccess: () => {
          showSuccess(closed ? `已关闭 ${school.name}` : `已重新开放 ${school.name}`);
          setClosing(null);
        },
      },
    );

  return (
    <Stack p="md" gap="md">
      <Title order={4}>组织架构</Title>
      <GroupsPanel groups={org?.groups ?? []} schools={org?.schools ?? []} />
      <Group gap="sm" align="flex-end" role="search" aria-label="校区筛选">
        <Select
          size="xs"
          w={180}
          label="分组"
          data={[
            { value: ALL_GROUPS, label: '全部分组' },
            { value: NO_GROUP, label: '未分组' },
            ...(org?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
          ]}
          value={groupFilter}
          allowDeselect={false}
          onChange={(v) => setGroupFilter(v ?? ALL_GROUPS)}
          comboboxProps={{ withinPortal: true }}
        />
        <Switch
          size="sm"
          label="显示已关闭的校区"
          checked={showClosed}
          onChange={(e) => setShowClosed(e.currentTarget.checked)}
          pb={6}
        />
      </Group>
      {org && (
        <ListTable<AdminSchool>
          label={SCHOOL_TABLE}
          storeKey="admin-schools"
          columns={schoolColumns(org, {
            edit: setEditing,
            units: (s) => setUnitsOf(s.id),
            close: setClosing,
            reopen: (s) => setClosed(s, false),
          })}
          records={schools}
          idAccessor="id"
          rowAttributes={(s) => ({ 'aria-label': s.name })}
          noRecordsText="暂无校区"
          fetching={query.isFetching}
          pinFirstColumn
          pinLastColumn
          toolbar={() => (
            <Button size="xs" onClick={() => setEditing('new')}>
              新增校区
            </Button>
          )}
        />
      )}
      {org && <SchoolModal org={org} editing={editing} onClose={() => setEditing(null)} />}
      <SchoolUnits school={unitsSchool} onClose={() => setUnitsOf(null)} />
      <ConfirmModal
        opened={closing !== null}
        title="关闭校区"
        message={
          closing
            ? `确定关闭「${closing.name}」吗？关闭后不能再选择该校区注册或分配账号，已有记录保留用于报表，之后可重新开放。`
            : ''
        }
        confirmLabel="关闭"
        busy={close.isPending}
        onConfirm={() => closing && setClosed(closing, true)}
        onClose={() => setClosing(null)}
      />
    </Stack>
  );
}
