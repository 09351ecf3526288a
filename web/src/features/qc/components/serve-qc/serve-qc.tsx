import { Anchor, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { type ListSort, ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { sortInfoOf, toListColumns } from '@/components/data-table/report-column';
import type { QcEmployeeRow } from '@/generated/QcEmployeeRow';
import { formatText } from '@/lib/report-format';
import { useQcEmployees } from '../../api/qc-list';
import { QC_LIST_COLUMNS } from '../../columns/qc-list-columns';
import { FIRST_PAGE, type QcFilterField, shownFilters, toQcWire } from '../../qc-search';
import { useQcFilters } from '../../qc-search-store';
import { QcFilterBar } from '../qc-filter-bar';
import { EmployeePunchesDrawer } from './employee-punches';

export const QC_LIST_TABLE = '服务质检列表';

const FILTERS: readonly QcFilterField[] = ['school', 'group', 'checkStatus', 'resultStatus', 'service', 'teacher'];

/** The list's columns, the name drawn as the button that opens the member's punches. */
function qcListColumns(open: (row: QcEmployeeRow) => void): ListTableColumn<QcEmployeeRow>[] {
  return toListColumns(QC_LIST_COLUMNS).map((c) =>
    c.accessor === 'employeeName'
      ? {
          ...c,
          render: (row: QcEmployeeRow) => (
            <Anchor component="button" type="button" size="sm" onClick={() => open(row)}>
              {formatText(row.employeeName)}
            </Anchor>
          ),
        }
      : c,
  );
}

/**
 * /qualityCheckManagement/serveQC (服务质检, 02 §2, §3.2, §7.6): the staff whose services fall in
 * the period with where their checks stand; a name opens that member's punches to check them.
 */
export function ServeQc() {
  const filters = shownFilters(useQcFilters(), FILTERS);
  const [sort, setSort] = useState<ListSort | null>(null);
  const sortInfo = sortInfoOf(QC_LIST_COLUMNS, sort);
  const searchKey = JSON.stringify([filters, sortInfo]);
  const [paging, setPaging] = useState<{ searchKey: string; pageNo: number }>({ searchKey, pageNo: FIRST_PAGE.pageNo });
  const pageNo = paging.searchKey === searchKey ? paging.pageNo : FIRST_PAGE.pageNo;
  const [employee, setEmployee] = useState<QcEmployeeRow | null>(null);

  const query = useQcEmployees(toQcWire(filters, { pageNo, pageSize: FIRST_PAGE.pageSize, sortInfo }));
  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FIRST_PAGE.pageSize));

  return (
    <Stack p="md" gap="md">
      <Title order={4}>服务质检</Title>
      <QcFilterBar fields={FILTERS} />
      <ListTable<QcEmployeeRow>
        label={QC_LIST_TABLE}
        storeKey="qc-employees"
        columns={qcListColumns(setEmployee)}
        records={records}
        idAccessor="employeeId"
        rowAttributes={(row) => ({ 'aria-label': row.employeeName })}
        noRecordsText="暂无数据"
        fetching={query.isFetching}
        sort={sort}
        onSortChange={setSort}
      />
      <ListFooter page={pageNo} pages={pages} total={total} onPageChange={(p) => setPaging({ searchKey, pageNo: p })} />
      <EmployeePunchesDrawer employee={employee} filters={filters} onClose={() => setEmployee(null)} />
    </Stack>
  );
}
