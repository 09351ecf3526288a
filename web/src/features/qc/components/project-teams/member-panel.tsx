import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { SchoolDepts } from '@/generated/SchoolDepts';
import type { StaffInfo } from '@/generated/StaffInfo';
import { formatText } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import {
  useChangeTeam,
  useMembers,
  useMoveToTeam,
  useRemoveFromTeams,
  useSchoolDepts,
  useTeamsBySchool,
} from '../../api/project-teams';
import { type MemberFilters, NO_TEAM, teamChoices, toMemberSearch } from '../../member-search';
import { ALL, FIRST_PAGE } from '../../qc-search';
import { SchoolSelect } from '../school-select';
import { EmailAddModal } from './email-add-modal';
import { MoveTeamModal } from './move-team-modal';

export const MEMBER_TABLE = '项目组成员';

const ALL_TEAMS = '';

/** The departments of a school, or of every school (each once). */
function deptsOf(schools: readonly SchoolDepts[], schoolId: number): string[] {
  const depts = schools.filter((s) => schoolId === ALL || s.schoolId === schoolId).flatMap((s) => s.depts);
  return [...new Set(depts)];
}

function memberColumns(change: (s: StaffInfo) => void): ListTableColumn<StaffInfo>[] {
  type TextField = 'name' | 'email' | 'schoolName' | 'areaName' | 'deptName' | 'groupName' | 'qcGroupName';
  const text = (accessor: TextField, title: string, width: number, show = true): ListTableColumn<StaffInfo> => ({
    accessor,
    title,
    width,
    defaultToggle: show,
    render: (s) => formatText(s[accessor]),
  });
  return [
    { ...text('name', '姓名', 100), fixed: 'left' },
    text('email', '邮箱', 200),
    text('schoolName', '学校', 130),
    text('areaName', '校区', 120, false),
    text('deptName', '部门', 120),
    text('groupName', '项目组', 120),
    text('qcGroupName', '质检组', 120, false),
    { accessor: 'roles', title: '角色', width: 160, render: (s) => formatText(s.roles.map((r) => r.name).join('、')) },
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      fixed: 'right',
      width: 110,
      render: (s) => (
        <Button size="compact-xs" variant="subtle" aria-label={`调整 ${s.name} 的项目组`} onClick={() => change(s)}>
          调整项目组
        </Button>
      ),
    },
  ];
}

export interface MemberPanelProps {
  filters: MemberFilters;
  onFiltersChange: (filters: MemberFilters) => void;
}

/**
 * The staff of the school, department and team searched (`memberListV2`), a page at a time;
 * picked ones moved into a team or out of theirs, one moved on its own, or found by e-mails.
 */
export function MemberPanel({ filters, onFiltersChange }: MemberPanelProps) {
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    // The tree picked another school or team: the draft follows.
    setShown(filters);
    setDraft(filters);
  }
  const searchKey = JSON.stringify(filters);
  const [paging, setPaging] = useState<{ searchKey: string; pageNo: number }>({ searchKey, pageNo: FIRST_PAGE.pageNo });
  const pageNo = paging.searchKey === searchKey ? paging.pageNo : FIRST_PAGE.pageNo;
  const [selected, setSelected] = useState<StaffInfo[]>([]);
  const [moving, setMoving] = useState<StaffInfo[] | null>(null);
  const [removing, setRemoving] = useState(false);
  const [byEmail, setByEmail] = useState(false);

  const query = useMembers(toMemberSearch(filters, pageNo, FIRST_PAGE.pageSize));
  const teams = useTeamsBySchool().data ?? [];
  const depts = deptsOf(useSchoolDepts().data ?? [], draft.schoolId);
  const moveMany = useMoveToTeam();
  const moveOne = useChangeTeam();
  const remove = useRemoveFromTeams();
  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FIRST_PAGE.pageSize));

  const apply = () => {
    onFiltersChange(draft);
    setSelected([]);
  };
  const move = (groupId: number) => {
    if (!moving) return;
    const done = ({ changed }: { changed: number }) => {
      showSuccess(`已将${changed}人移入项目组`);
      setMoving(null);
      setSelected([]);
    };
    const [one] = moving;
    if (moving.length === 1 && one) moveOne.mutate({ userId: one.userId, groupId }, { onSuccess: done });
    else moveMany.mutate({ userIds: moving.map((s) => s.userId), groupId }, { onSuccess: done });
  };
  const confirmRemove = () =>
    remove.mutate(
      selected.map((s) => s.userId),
      {
        onSuccess: ({ changed }) => {
          showSuccess(`已将${changed}人移出项目组`);
          setSelected([]);
          setRemoving(false);
        },
      },
    );

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" role="search" aria-label="成员筛选">
        <SchoolSelect
          value={draft.schoolId}
          allOption={{ value: ALL, label: '全部学校' }}
          onChange={(schoolId) => setDraft((d) => ({ ...d, schoolId: schoolId ?? ALL, deptName: null, groupId: null }))}
        />
        <Select
          size="xs"
          w={150}
          label="部门"
          placeholder="全部部门"
          clearable
          data={depts}
          value={draft.deptName}
          onChange={(deptName) => setDraft((d) => ({ ...d, deptName }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          size="xs"
          w={170}
          label="项目组"
          data={[
            { value: ALL_TEAMS, label: '全部项目组' },
            { value: String(NO_TEAM), label: '未分组' },
            ...teamChoices(teams, draft.schoolId),
          ]}
          value={draft.groupId === null ? ALL_TEAMS : String(draft.groupId)}
          allowDeselect={false}
          onChange={(v) => setDraft((d) => ({ ...d, groupId: v === null || v === ALL_TEAMS ? null : Number(v) }))}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          size="xs"
          w={180}
          label="员工"
          placeholder="姓名或邮箱"
          value={draft.keyword}
          onChange={(e) => {
            const keyword = e.currentTarget.value;
            setDraft((d) => ({ ...d, keyword }));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
          }}
        />
        <Button size="xs" onClick={apply}>
          查询
        </Button>
      </Group>
      <ListTable<StaffInfo>
        label={MEMBER_TABLE}
        storeKey="qc-team-members"
        columns={memberColumns((s) => setMoving([s]))}
        records={records}
        idAccessor="userId"
        rowAttributes={(row) => ({ 'aria-label': row.name })}
        noRecordsText="暂无员工"
        fetching={query.isFetching}
        selection={{ selected, onChange: setSelected, label: (s) => s.name }}
        toolbar={() => (
          <>
            <Button size="xs" variant="light" disabled={selected.length === 0} onClick={() => setMoving(selected)}>
              批量移入项目组
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              disabled={selected.length === 0}
              onClick={() => setRemoving(true)}
            >
              移出项目组
            </Button>
            <Button size="xs" variant="light" onClick={() => setByEmail(true)}>
              按邮箱批量添加
            </Button>
          </>
        )}
      />
      <ListFooter page={pageNo} pages={pages} total={total} onPageChange={(p) => setPaging({ searchKey, pageNo: p })} />
      <MoveTeamModal
        opened={moving !== null}
        title={moving?.length === 1 ? '调整项目组' : '批量移入项目组'}
        who={moving?.length === 1 ? `员工：${moving[0]?.name ?? ''}` : `已选择 ${moving?.length ?? 0} 名员工`}
        busy={moveOne.isPending || moveMany.isPending}
        onConfirm={move}
        onClose={() => setMoving(null)}
      />
      <ConfirmModal
        opened={removing}
        title="移出项目组"
        message={`确定将所选的${selected.length}名员工移出其项目组吗？`}
        confirmLabel="移出"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(false)}
      />
      <EmailAddModal
        opened={byEmail}
        groupId={filters.groupId !== null && filters.groupId !== NO_TEAM ? filters.groupId : null}
        onClose={() => setByEmail(false)}
      />
    </Stack>
  );
}
