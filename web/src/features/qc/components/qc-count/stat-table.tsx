import { Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { type ListSort, ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { columnWidth } from '@/components/data-table/report-column';
import { useStatPage } from '../../api/statistics';
import { FIRST_PAGE, type QcFilters, toQcWire } from '../../qc-search';
import {
  belowTarget,
  type StatColumn,
  statCell,
  statColumns,
  statPath,
  statRows,
  statSortInfo,
  statStoreKey,
  type StatSide,
  type StatTableRow,
  type StatView,
} from '../../stat-columns';

function listColumns(columns: StatColumn[], sampleRatePercent: number | undefined): ListTableColumn<StatTableRow>[] {
  return columns.map((c) => ({
    accessor: c.prop,
    title: c.label,
    tooltip: c.tooltip,
    fixed: c.fixed ?? null,
    width: columnWidth(c.minWidth),
    sortable: c.sortable ?? false,
    render: ({ row, summary }: StatTableRow) => {
      const short = c.prop === 'qcCheckRate' && belowTarget(row.qcCheckRate, sampleRatePercent);
      return (
        <Text span size="sm" fw={summary ? 700 : undefined} c={short ? 'red' : undefined}>
          {statCell(row, c)}
        </Text>
      );
    },
  }));
}

export interface StatTableProps {
  /** The table's name. */
  label: string;
  view: StatView;
  side: StatSide;
  filters: QcFilters;
}

/**
 * A view of the service statistics: the 合计 row first, then a page of rows; the server's
 * per-service columns in their place (the table is drawn once the first page says which); sorted
 * by the server; column settings remembered per view. A check rate below
 * the rule's target shows red.
 */
export function StatTable({ label, view, side, filters }: StatTableProps) {
  const [sort, setSort] = useState<ListSort | null>(null);
  // Which columns sort is known before the page is read: the fixed ones.
  const sortInfo = statSortInfo(statColumns(view, side, undefined), sort);
  const searchKey = JSON.stringify([filters, view, side, sortInfo]);
  const [paging, setPaging] = useState<{ searchKey: string; pageNo: number }>({ searchKey, pageNo: FIRST_PAGE.pageNo });
  const pageNo = paging.searchKey === searchKey ? paging.pageNo : FIRST_PAGE.pageNo;
  const search = toQcWire(filters, { view, pageNo, pageSize: FIRST_PAGE.pageSize, sortInfo });
  const query = useStatPage(statPath(view, side), search);
  const page = query.data;
  const total = page?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FIRST_PAGE.pageSize));

  return (
    <Stack gap="xs">
      {page && (
        <Text size="xs" c="dimmed">
          质检率目标（质检规则的抽检比例）：{page.sampleRatePercent}%
        </Text>
      )}
      {query.isPending ? (
        <Loader size="sm" aria-label="加载中" />
      ) : (
        <ListTable<StatTableRow>
          label={label}
          storeKey={statStoreKey(view, side)}
          columnsVary
          columns={listColumns(statColumns(view, side, page), page?.sampleRatePercent)}
          records={statRows(page)}
          idAccessor="key"
          rowAttributes={(r) => ({ 'aria-label': r.row.name, 'data-summary': r.summary ? 'true' : undefined })}
          noRecordsText="暂无数据"
          fetching={query.isFetching}
          sort={sort}
          onSortChange={setSort}
        />
      )}
      <ListFooter page={pageNo} pages={pages} total={total} onPageChange={(p) => setPaging({ searchKey, pageNo: p })} />
    </Stack>
  );
}
