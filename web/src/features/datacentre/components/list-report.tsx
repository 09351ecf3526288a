import { Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type ListSort, ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { toListColumns } from '@/components/data-table/report-column';
import { type ListReportDef, reportStoreKey } from '../reports';
import { type CellLinks, sortLocally, withCellLinks } from '../table-cells';

export interface ListReportProps<T> {
  report: ListReportDef<T>;
  records: readonly T[];
  fetching: boolean;
  /** Cells that open what they name. */
  links?: CellLinks<T>;
  /** A row's actions, in a last column 操作 (fixed on the right); none: no such column. */
  actions?: (row: T) => ReactNode;
}

/** The column of the rows' actions. */
function actionsColumn<T>(actions: (row: T) => ReactNode): ListTableColumn<T> {
  return {
    accessor: 'actions',
    title: '操作',
    toggleable: false,
    resizable: false,
    fixed: 'right',
    width: 150,
    render: (row) => actions(row),
  };
}

/**
 * A list read whole (a class's or a lesson's detail): every row at once, sorted here by its
 * sortable columns, with its column settings (kept per list) and its count.
 */
export function ListReport<T>({ report, records, fetching, links, actions }: ListReportProps<T>) {
  const [sort, setSort] = useState<ListSort | null>(null);
  const columns = withCellLinks(toListColumns(report.columns), links);
  return (
    <Stack gap="xs">
      <ListTable<T>
        label={report.title}
        storeKey={reportStoreKey({ excelType: null, settingsName: report.settingsName })}
        columns={actions ? [...columns, actionsColumn(actions)] : columns}
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
