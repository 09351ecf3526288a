import { Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { type ListSort, ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { sortInfoOf, toListColumns } from '@/components/data-table/report-column';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { ServicePunchRow } from '@/generated/ServicePunchRow';
import { showSuccess } from '@/lib/toast';
import { useDeletePunch, usePunches } from '../../api/punches';
import { TASK_COLUMNS, taskLabel } from '../../columns/task-columns';
import { useBatchCheckRule } from '../../hooks/use-check-rule';
import { FIRST_PAGE, type QcFilterField, shownFilters, toQcWire } from '../../qc-search';
import { useQcFilters } from '../../qc-search-store';
import { QcFilterBar } from '../qc-filter-bar';
import { BatchResultModal } from '../serve-qc/batch-result-modal';
import { PunchDetailModal } from '../serve-qc/punch-detail';

/** The table's name; its column settings are kept under `qc-tasks`. */
export const TASK_TABLE = '服务任务';

const FILTERS: readonly QcFilterField[] = [
  'school',
  'group',
  'service',
  'checkStatus',
  'resultStatus',
  'classicCase',
  'channel',
  'tag',
  'teacher',
  'student',
];

function actionsColumn(
  open: (task: ServicePunchRow) => void,
  remove: (task: ServicePunchRow) => void,
): ListTableColumn<ServicePunchRow> {
  return {
    accessor: 'actions',
    title: '操作',
    toggleable: false,
    resizable: false,
    fixed: 'right',
    width: 130,
    render: (task) => (
      <Group gap={4} wrap="nowrap">
        <Button size="compact-xs" variant="subtle" aria-label={`详情 ${taskLabel(task)}`} onClick={() => open(task)}>
          详情
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          aria-label={`删除 ${taskLabel(task)}`}
          onClick={() => remove(task)}
        >
          删除
        </Button>
      </Group>
    ),
  };
}

/**
 * /qualityCheckManagement/taskManage (任务管理, 02 §2, §7.6): every service task done in the
 * period — a punch record each, whoever did it — searched by school, QC team, service, check,
 * result, classic case, channel, tag, staff and student; one opened for what was written, its
 * pre-check and checks, and checked (`taskDetail`, `qc/aiDetail`, `qc/singleQc`); several given
 * one result (`qc/bathUpdateResultStatus`); one deleted. A check changes the records the QC
 * statistics count, so they are read again.
 */
export function TaskManage() {
  const filters = shownFilters(useQcFilters(), FILTERS);
  const [sort, setSort] = useState<ListSort | null>(null);
  const sortInfo = sortInfoOf(TASK_COLUMNS, sort);
  const searchKey = JSON.stringify([filters, sortInfo]);
  // The page and the rows picked belong to one search: another search starts over.
  const [paging, setPaging] = useState<{ searchKey: string; pageNo: number }>({ searchKey, pageNo: FIRST_PAGE.pageNo });
  const pageNo = paging.searchKey === searchKey ? paging.pageNo : FIRST_PAGE.pageNo;
  const [picked, setPicked] = useState<{ searchKey: string; rows: ServicePunchRow[] }>({ searchKey, rows: [] });
  const selected = picked.searchKey === searchKey ? picked.rows : [];
  const setSelected = (rows: ServicePunchRow[]) => setPicked({ searchKey, rows });
  const [batching, setBatching] = useState(false);
  const [opened, setOpened] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ServicePunchRow | null>(null);
  const rule = useBatchCheckRule(selected.map((t) => t.schoolId));
  const remove = useDeletePunch();

  const query = usePunches(toQcWire(filters, { pageNo, pageSize: FIRST_PAGE.pageSize, sortInfo }));
  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FIRST_PAGE.pageSize));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.punchId, {
      onSuccess: () => {
        showSuccess('任务记录已删除');
        setSelected(selected.filter((t) => t.punchId !== deleting.punchId));
        setDeleting(null);
      },
    });
  };

  return (
    <Stack p="md" gap="md">
      <Title order={4}>任务管理</Title>
      <QcFilterBar fields={FILTERS} />
      <ListTable<ServicePunchRow>
        label={TASK_TABLE}
        storeKey="qc-tasks"
        columns={[...toListColumns(TASK_COLUMNS), actionsColumn((t) => setOpened(t.punchId), setDeleting)]}
        records={records}
        idAccessor="punchId"
        rowAttributes={(row) => ({ 'aria-label': taskLabel(row) })}
        noRecordsText="暂无任务记录"
        fetching={query.isFetching}
        sort={sort}
        onSortChange={setSort}
        selection={{ selected, onChange: setSelected, label: taskLabel }}
        toolbar={() => (
          <Button size="xs" variant="light" disabled={selected.length === 0} onClick={() => setBatching(true)}>
            批量修改结果{selected.length > 0 ? `（${selected.length}）` : ''}
          </Button>
        )}
      />
      <ListFooter page={pageNo} pages={pages} total={total} onPageChange={(p) => setPaging({ searchKey, pageNo: p })} />
      <BatchResultModal
        opened={batching}
        punchIds={selected.map((t) => t.punchId)}
        rule={rule}
        onClose={() => setBatching(false)}
        onDone={() => setSelected([])}
      />
      <PunchDetailModal punchId={opened} onClose={() => setOpened(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="删除任务记录"
        message={deleting ? `确定删除“${taskLabel(deleting)}”的打卡记录吗？删除后不可恢复，统计中也不再计入。` : ''}
        confirmLabel="删除"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
