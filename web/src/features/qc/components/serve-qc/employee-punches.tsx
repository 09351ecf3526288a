import { Button, Drawer, Group, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { type ListSort, ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { sortInfoOf, toListColumns } from '@/components/data-table/report-column';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { QcEmployeeRow } from '@/generated/QcEmployeeRow';
import type { ServicePunchRow } from '@/generated/ServicePunchRow';
import { showSuccess } from '@/lib/toast';
import { useDeletePunch, usePunches } from '../../api/punches';
import { PUNCH_COLUMNS, punchLabel } from '../../columns/punch-columns';
import { useCheckRule } from '../../hooks/use-check-rule';
import { ALL, FIRST_PAGE, type QcFilters, toQcWire } from '../../qc-search';
import { BatchResultModal } from './batch-result-modal';
import { PunchDetailModal } from './punch-detail';

/** The table's name; its column settings are kept under `qc-punches`. */
export const PUNCH_TABLE = '服务打卡记录';

const CHECK_STATUSES = [
  { value: String(ALL), label: '全部' },
  { value: '0', label: '待质检' },
  { value: '1', label: '已质检' },
];

interface PunchesProps {
  employee: QcEmployeeRow;
  filters: QcFilters;
}

function actionsColumn(
  open: (punch: ServicePunchRow) => void,
  remove: (punch: ServicePunchRow) => void,
): ListTableColumn<ServicePunchRow> {
  return {
    accessor: 'actions',
    title: '操作',
    toggleable: false,
    resizable: false,
    fixed: 'right',
    width: 130,
    render: (punch) => (
      <Group gap={4} wrap="nowrap">
        <Button size="compact-xs" variant="subtle" aria-label={`质检 ${punchLabel(punch)}`} onClick={() => open(punch)}>
          质检
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          aria-label={`删除 ${punchLabel(punch)}`}
          onClick={() => remove(punch)}
        >
          删除
        </Button>
      </Group>
    ),
  };
}

/**
 * A staff member's punches in the searched period: a page at a time, sorted by the server,
 * picked for 批量修改结果, each opened for its check or deleted.
 */
function EmployeePunches({ employee, filters }: PunchesProps) {
  const [sort, setSort] = useState<ListSort | null>(null);
  const sortInfo = sortInfoOf(PUNCH_COLUMNS, sort);
  const [pageNo, setPageNo] = useState<number>(FIRST_PAGE.pageNo);
  // The list's check status is the member's (待质检: none of their punches checked); here it
  // narrows the punches themselves, starting from the list's.
  const [checkStatus, setCheckStatus] = useState(filters.checkStatus);
  const [selected, setSelected] = useState<ServicePunchRow[]>([]);
  const [batching, setBatching] = useState(false);
  const [opened, setOpened] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ServicePunchRow | null>(null);
  // A staff member's punches are of their school: its rule decides the batch's comment.
  const rule = useCheckRule(selected[0]?.schoolId ?? filters.schoolId);
  const remove = useDeletePunch();

  const search = toQcWire(
    { ...filters, checkStatus },
    { teacherId: employee.employeeId, pageNo, pageSize: FIRST_PAGE.pageSize, sortInfo },
  );
  const query = usePunches(search);
  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FIRST_PAGE.pageSize));

  const onSort = (next: ListSort) => {
    setSort(next);
    setPageNo(FIRST_PAGE.pageNo);
  };
  const onCheckStatus = (value: string) => {
    setCheckStatus(Number(value));
    setPageNo(FIRST_PAGE.pageNo);
    setSelected([]);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.punchId, {
      onSuccess: () => {
        showSuccess('打卡记录已删除');
        setSelected((s) => s.filter((p) => p.punchId !== deleting.punchId));
        setDeleting(null);
      },
    });
  };

  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        w={260}
        aria-label="打卡质检状态"
        data={CHECK_STATUSES}
        value={String(checkStatus)}
        onChange={onCheckStatus}
      />
      <ListTable<ServicePunchRow>
        label={PUNCH_TABLE}
        storeKey="qc-punches"
        columns={[...toListColumns(PUNCH_COLUMNS), actionsColumn((p) => setOpened(p.punchId), setDeleting)]}
        records={records}
        idAccessor="punchId"
        rowAttributes={(row) => ({ 'aria-label': punchLabel(row) })}
        noRecordsText="暂无打卡记录"
        fetching={query.isFetching}
        sort={sort}
        onSortChange={onSort}
        selection={{ selected, onChange: setSelected, label: punchLabel }}
        toolbar={() => (
          <Button size="xs" variant="light" disabled={selected.length === 0} onClick={() => setBatching(true)}>
            批量修改结果{selected.length > 0 ? `（${selected.length}）` : ''}
          </Button>
        )}
      />
      <ListFooter page={pageNo} pages={pages} total={total} onPageChange={setPageNo} />
      <BatchResultModal
        opened={batching}
        punchIds={selected.map((p) => p.punchId)}
        rule={rule}
        onClose={() => setBatching(false)}
        onDone={() => setSelected([])}
      />
      <PunchDetailModal punchId={opened} onClose={() => setOpened(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="删除打卡记录"
        message={deleting ? `确定删除“${punchLabel(deleting)}”的打卡记录吗？删除后不可恢复。` : ''}
        confirmLabel="删除"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

export interface EmployeePunchesDrawerProps {
  /** The staff member whose punches are shown; null: closed. */
  employee: QcEmployeeRow | null;
  filters: QcFilters;
  onClose: () => void;
}

/** The drawer of a staff member's punches, opened from the QC list. */
export function EmployeePunchesDrawer({ employee, filters, onClose }: EmployeePunchesDrawerProps) {
  return (
    <Drawer
      opened={employee !== null}
      onClose={onClose}
      position="right"
      size="85%"
      title={employee ? `${employee.employeeName} 的服务打卡` : ''}
    >
      {employee && <EmployeePunches key={employee.employeeId} employee={employee} filters={filters} />}
    </Drawer>
  );
}
