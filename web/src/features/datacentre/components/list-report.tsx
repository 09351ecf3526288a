import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type ListSort, ListTable } from '@/components/data-table/list-table';
import { toListColumns } from '@/components/data-table/report-column';
import { type ListReportDef, reportStoreKey } from '../reports';
import { type CellLinks, sortLocally, withCellLinks } from '../table-cells';

export interface ListReportProps<T> {
  report: ListReportDef<T>;
  records: readonly T[];
  fetching: boolean;
  /** Cells that open what they name. */
  links?: CellLinks<T>;
}

/**
 * A list read whole (a class's or a lesson's detail): every row at once, sorted here by its
 * sortable columns, with its column settings (kept per list) and its count.
 */
export function ListReport<T>({ report, records, fetching, links }: ListReportProps<T>) {
  const [sort, setSort] = useState<ListSort | null>(null);
  return (
    <Stack gap="xs">
      <ListTable<T>
        label={report.title}
        storeKey={reportStoreKey({ excelType: null, settingsName: report.settingsName })}
        columns={withCellLinks(toListColumns(report.columns), links)}
        records={sortLocally(records, report.columns, sort)}
        idAccessor={report.rowKey}
        rowAttributes={(row) => ({ 'aria-label': report.rowLabel(row) })}
        noRecordsText="暂无数据"
        fetching={fetching}
        sort={sort}
        onSortChange={setSort}
      />
      <Text size="xs" c="dimmed">
        共 {records.length} 条
      </Text>
    </Stack>
  );
}
