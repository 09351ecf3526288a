import { Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { type ListSort, ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { exportedProps, sortInfoOf, toListColumns } from '@/components/data-table/report-column';
import { GuardedButton } from '@/components/ui/guarded-button';
import type { DcSearch } from '@/generated/DcSearch';
import { useReportPage } from '../api/report-page';
import { type DcSearchState, FIRST_PAGE, toWire } from '../dc-search';
import type { ExportReport } from '../report-export';
import { type ReportDef, reportStoreKey } from '../reports';
import { type CellLinks, withCellLinks } from '../table-cells';

export interface ReportTableProps<T> {
  report: ReportDef<T>;
  search: DcSearchState;
  exportReport: ExportReport;
  /** Cells that open what they name (a class, a lesson). */
  links?: CellLinks<T>;
  /** Drawn under the table from the rows of the page shown (a chart of them); not the 合计 row. */
  below?: (records: readonly T[]) => ReactNode;
}

/** The 合计 row's key (rows are keyed by their own fields otherwise). */
const TOTALS_KEY = 'totals';

/** The columns with the 合计 row's cells in bold. */
function withTotalsRow<T>(columns: ListTableColumn<T>[], totals: T | null): ListTableColumn<T>[] {
  if (totals === null) return columns;
  return columns.map((c) => ({
    ...c,
    render: (row: T, index: number) => {
      const cell = c.render?.(row, index);
      return row === totals ? (
        <Text span inherit fw={700}>
          {cell}
        </Text>
      ) : (
        cell
      );
    },
  }));
}

/**
 * A report read a page at a time from the server (30 rows), sorted by the server when a
 * custom-sortable column asks, with its column settings and an export of what it shows (the
 * search in the shape the report's call takes, the shown columns in order but those drawn on
 * screen only, the sort). A new search or sort starts at page 1. Statistics draw the page's
 * totals first, as the 合计 row.
 */
export function ReportTable<T>({ report, search, exportReport, links, below }: ReportTableProps<T>) {
  const [sort, setSort] = useState<ListSort | null>(null);
  const sortInfo = sortInfoOf(report.columns, sort);
  const searchKey = JSON.stringify([toWire(search), sortInfo]);
  const [paging, setPaging] = useState<{ searchKey: string; pageNo: number }>({ searchKey, pageNo: FIRST_PAGE.pageNo });
  const pageNo = paging.searchKey === searchKey ? paging.pageNo : FIRST_PAGE.pageNo;

  const request = (wire: DcSearch) => (report.request ? report.request(wire) : wire);
  const query = useReportPage<T>(
    report.path,
    request(toWire(search, { pageNo, pageSize: FIRST_PAGE.pageSize, sortInfo })),
  );
  const summary = query.data?.summary;
  const totals = report.totalsRow && summary ? report.totalsRow(summary) : null;
  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FIRST_PAGE.pageSize));
  const { excelType } = report;

  return (
    <Stack gap="xs">
      <ListTable<T>
        label={report.title}
        storeKey={reportStoreKey(report)}
        columns={withTotalsRow(withCellLinks(toListColumns(report.columns), links), totals)}
        records={totals === null ? records : [totals, ...records]}
        idAccessor={(row) => (row === totals ? TOTALS_KEY : report.rowKey(row))}
        rowAttributes={(row) => ({
          'aria-label': report.rowLabel(row),
          'data-summary': row === totals ? 'true' : undefined,
        })}
        noRecordsText="暂无数据"
        fetching={query.isFetching}
        sort={sort}
        onSortChange={setSort}
        toolbar={({ shownColumns }) =>
          excelType !== null && (
            <GuardedButton
              size="xs"
              variant="light"
              aria-label={`导出${report.title}`}
              onClick={() =>
                exportReport({
                  excelType,
                  businessName: report.title,
                  reqParams: request(
                    toWire(search, { sortInfo, columns: exportedProps(report.columns, shownColumns) }),
                  ),
                  total,
                })
              }
            >
              导出
            </GuardedButton>
          )
        }
      />
      <ListFooter page={pageNo} pages={pages} total={total} onPageChange={(p) => setPaging({ searchKey, pageNo: p })} />
      {below?.(records)}
    </Stack>
  );
}
