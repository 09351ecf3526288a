import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { QcGroupRow } from '@/generated/QcGroupRow';
import type { StaffBrief } from '@/generated/StaffBrief';
import type { TeamSearch } from '@/generated/TeamSearch';
import { EMPTY } from '@/lib/format';
import { formatInstant, formatText } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useDeleteQcGroups, useQcGroups } from '../../api/qc-groups';
import { ALL, FIRST_PAGE } from '../../qc-search';
import { SchoolSelect } from '../school-select';
import { QcGroupModal } from './qc-group-modal';
import { StaffName } from './staff-card';

export const QC_GROUP_TABLE = '质检组';

function StaffNames({ staff }: { staff: StaffBrief[] }) {
  if (staff.length === 0) return EMPTY;
  return (
    <Group gap={6}>
      {staff.map((s) => (
        <StaffName key={s.userId} staff={s} />
      ))}
    </Group>
  );
}

function groupColumns(edit: (g: QcGroupRow) => void): ListTableColumn<QcGroupRow>[] {
  return [
    { accessor: 'name', title: '质检组名称', fixed: 'left', width: 160, render: (g) => formatText(g.name) },
    { accessor: 'schoolName', title: '学校', width: 140, render: (g) => formatText(g.schoolName) },
    { accessor: 'members', title: '被质检员工', width: 300, render: (g) => <StaffNames staff={g.members} /> },
    {
      accessor: 'responsibleList',
      title: '质检负责人',
      width: 200,
      render: (g) => <StaffNames staff={g.responsibleList} />,
    },
    { accessor: 'remark', title: '备注', width: 160, render: (g) => formatText(g.remark) },
    { accessor: 'updatedAt', title: '更新时间', width: 160, render: (g) => formatInstant(g.updatedAt) },
    { accessor: 'updatedBy', title: '更新人', width: 100, render: (g) => formatText(g.updatedBy) },
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      fixed: 'right',
      width: 90,
      render: (g) => (
        <Button size="compact-xs" variant="subtle" aria-label={`编辑 ${g.name}`} onClick={() => edit(g)}>
          编辑
        </Button>
      ),
    },
  ];
}

/**
 * /qualityCheckManagement/qcConfig (质检配置, 02 §2, §7.6): the QC teams, the staff each checks and
 * its inspectors; added, edited, deleted in a batch. A name shows that staff member's record.
 */
export function QcConfig() {
  const [draft, setDraft] = useState({ schoolId: ALL, keyword: '' });
  const [search, setSearch] = useState<TeamSearch>({
    schoolId: ALL,
    pageNo: FIRST_PAGE.pageNo,
    pageSize: FIRST_PAGE.pageSize,
  });
  const [selected, setSelected] = useState<QcGroupRow[]>([]);
  const [editing, setEditing] = useState<'new' | QcGroupRow | null>(null);
  const [deleting, setDeleting] = useState(false);
  const query = useQcGroups(search);
  const remove = useDeleteQcGroups();
  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FIRST_PAGE.pageSize));

  const apply = () => {
    const keyword = draft.keyword.trim();
    setSearch({
      schoolId: draft.schoolId,
      ...(keyword ? { keyword } : {}),
      pageNo: FIRST_PAGE.pageNo,
      pageSize: FIRST_PAGE.pageSize,
    });
    setSelected([]);
  };
  const confirmDelete = () =>
    remove.mutate(
      selected.map((g) => g.id),
      {
        onSuccess: ({ changed }) => {
          showSuccess(`已删除${changed}个质检组`);
          setSelected([]);
          setDeleting(false);
        },
      },
    );

  return (
    <Stack p="md" gap="md">
      <Title order={4}>质检配置</Title>
      <Group gap="sm" align="flex-end" role="search" aria-label="筛选条件">
        <SchoolSelect
          value={draft.schoolId}
          allOption={{ value: ALL, label: '全部学校' }}
          onChange={(schoolId) => setDraft((d) => ({ ...d, schoolId: schoolId ?? ALL }))}
        />
        <TextInput
          size="xs"
          w={200}
          label="质检组名称"
          placeholder="输入名称搜索"
          value={draft.keyword}
          onChange={(e) => setDraft((d) => ({ ...d, keyword: e.currentTarget.value }))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
          }}
        />
        <Button size="xs" onClick={apply}>
          查询
        </Button>
      </Group>
      <ListTable<QcGroupRow>
        label={QC_GROUP_TABLE}
        storeKey="qc-groups"
        columns={groupColumns(setEditing)}
        records={records}
        idAccessor="id"
        rowAttributes={(row) => ({ 'aria-label': row.name })}
        noRecordsText="暂无质检组"
        fetching={query.isFetching}
        selection={{ selected, onChange: setSelected, label: (g) => g.name }}
        toolbar={() => (
          <>
            <Button size="xs" variant="light" onClick={() => setEditing('new')}>
              新增质检组
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              disabled={selected.length === 0}
              onClick={() => setDeleting(true)}
            >
              批量删除{selected.length > 0 ? `（${selected.length}）` : ''}
            </Button>
          </>
        )}
      />
      <ListFooter
        page={search.pageNo ?? FIRST_PAGE.pageNo}
        pages={pages}
        total={total}
        onPageChange={(pageNo) => setSearch((s) => ({ ...s, pageNo }))}
      />
      <QcGroupModal editing={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting}
        title="删除质检组"
        message={`确定删除所选的${selected.length}个质检组吗？组内员工将不再属于任何质检组。`}
        confirmLabel="删除"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
