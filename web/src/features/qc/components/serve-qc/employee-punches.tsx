import { Drawer, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import type { ListSort } from '@/components/data-table/list-table';
import { sortInfoOf } from '@/components/data-table/report-column';
import type { QcEmployeeRow } from '@/generated/QcEmployeeRow';
import type { ServicePunchRow } from '@/generated/ServicePunchRow';
import { usePunches } from '../../api/punches';
import { PUNCH_COLUMNS, punchLabel } from '../../columns/punch-columns';
import { useCheckRule } from '../../hooks/use-check-rule';
import { ALL, FIRST_PAGE, type QcFilters, toQcWire } from '../../qc-search';
import { PunchTable, type PunchTableTexts } from '../punch-table';

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

const TEXTS: PunchTableTexts = {
  open: '质检',
  noRecords: '暂无打卡记录',
  deleteTitle: '删除打卡记录',
  deleteMessage: (punch) => `确定删除“${punchLabel(punch)}”的打卡记录吗？删除后不可恢复。`,
  deleted: '打卡记录已删除',
};

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
  // A staff member's punches are of their school: its rule decides the batch's comment.
  const rule = useCheckRule(selected[0]?.schoolId ?? filters.schoolId);

  const search = toQcWire(
    { ...filters, checkStatus },
    { teacherId: employee.employeeId, pageNo, pageSize: FIRST_PAGE.pageSize, sortInfo },
  );
  const query = usePunches(search);

  const onSort = (next: ListSort) => {
    setSort(next);
    setPageNo(FIRST_PAGE.pageNo);
  };
  const onCheckStatus = (value: string) => {
    setCheckStatus(Number(value));
    setPageNo(FIRST_PAGE.pageNo);
    setSelected([]);
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
      <PunchTable
        label={PUNCH_TABLE}
        storeKey="qc-punches"
        columns={PUNCH_COLUMNS}
        rowLabel={punchLabel}
        texts={TEXTS}
        query={query}
        pageNo={pageNo}
        onPageChange={setPageNo}
        sort={sort}
        onSortChange={onSort}
        selected={selected}
        onSelectedChange={setSelected}
        rule={rule}
        onDeleted={(punch) => setSelected((s) => s.filter((p) => p.punchId !== punch.punchId))}
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
