// The one table of lists (mantine-datatable): columns the user can hide and show, fix on the left
// or the right, and resize, all remembered per table in localStorage (under `storeKey`) until
// 重置列设置; unreadable stored settings are the defaults. Sorting is the owner's: a sortable
// column's header asks for a sort (`onSortChange`) and the owner reads the rows so sorted (the
// reports ask the server); the table never reorders rows itself. Rows may be picked with
// checkboxes for batch actions; columns may vary with the data (the statistics' per-service
// columns). A row may open on double click, and its owner may draw each row (`rowFactory`: the
// drive's rows are drag sources and drop targets).

import { Group, Stack, Text, Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSortStatus,
  useDataTableColumns,
} from 'mantine-datatable';
import { type ColumnDefault, type ColumnFixed, shownInOrder } from './column-settings';
import { ColumnSettingsMenu } from './column-settings-menu';
import { dropUnreadableDataTableState } from './datatable-store';
import { arrangeColumns } from './fixed-columns';
import { useColumnSettings } from './use-column-settings';

export type ListTableColumn<T> = DataTableColumn<T> & {
  /** Where the column is fixed by default (the user may change it). */
  fixed?: ColumnFixed;
  /** Explains the column: an ⓘ beside its title. */
  tooltip?: string;
};

/** A sort the owner applies: a column's accessor and its direction. */
export interface ListSort {
  field: string;
  asc: boolean;
}

/** Rows the user picks with checkboxes (for batch actions). */
export interface ListSelection<T> {
  selected: T[];
  onChange: (records: T[]) => void;
  /** The accessible name of a row's checkbox. */
  label: (record: T) => string;
}

/** What the toolbar may need of the table as the user set it up. */
export interface ListTableView {
  /** The accessors of the shown columns, in the order drawn. */
  shownColumns: string[];
}

export interface ListTableProps<T> {
  /** Names the table (its accessible name and the 列设置 button's). */
  label: string;
  /** Where this table's column settings are kept (localStorage), e.g. 'download-center'. */
  storeKey: string;
  columns: ListTableColumn<T>[];
  records: T[];
  /** The record's id field, or a function giving a unique key of a record. */
  idAccessor: (keyof T & string) | ((record: T) => string | number);
  /** Attributes of a record's row (an accessible name, data attributes for tests and styles). */
  rowAttributes?: (record: T) => Record<string, string | number | undefined>;
  /** Shown instead of rows when there are none (and nothing is loading). */
  noRecordsText: string;
  /** Rows are being read. */
  fetching?: boolean;
  /** Fixes the first column on the left unless it says otherwise. */
  pinFirstColumn?: boolean;
  /** Fixes the last column (usually the actions) on the right unless it says otherwise. */
  pinLastColumn?: boolean;
  /** The sort applied (null: the owner's default order). */
  sort?: ListSort | null;
  /** A sortable column's header was clicked. */
  onSortChange?: (sort: ListSort) => void;
  /** Drawn left of the 列设置 button (e.g. an export that writes the shown columns). */
  toolbar?: (view: ListTableView) => ReactNode;
  /** Rows can be picked (a checkbox column first, 全选 in its header). */
  selection?: ListSelection<T>;
  /** The columns depend on the data (columns per service type): widths are kept per column set. */
  columnsVary?: boolean;
  /** A row was double-clicked (opens it). */
  onRowDoubleClick?: (record: T) => void;
  /** Draws each row from mantine-datatable's row props and cells (drag and drop). */
  rowFactory?: DataTableProps<T>['rowFactory'];
}

/** Every column toggleable and resizable unless it says otherwise. */
function withDefaults<T>(columns: ListTableColumn<T>[], pinFirst: boolean, pinLast: boolean): ListTableColumn<T>[] {
  return columns.map((c, i) => {
    let fixed = c.fixed;
    if (fixed === undefined && pinFirst && i === 0) fixed = 'left';
    if (fixed === undefined && pinLast && i === columns.length - 1) fixed = 'right';
    return { toggleable: true, resizable: true, ...c, fixed: fixed ?? null };
  });
}

function titleText<T>(column: ListTableColumn<T>): string {
  return typeof column.title === 'string' ? column.title : String(column.accessor);
}

/** The title with its ⓘ tooltip. */
function withTooltip<T>(column: ListTableColumn<T>): ListTableColumn<T> {
  if (!column.tooltip) return column;
  return {
    ...column,
    title: (
      <Group gap={4} wrap="nowrap" component="span">
        <span>{column.title ?? String(column.accessor)}</span>
        <Tooltip label={column.tooltip} multiline maw={260} withinPortal>
          <Text span size="xs" c="dimmed" aria-label={column.tooltip} tabIndex={0}>
            ⓘ
          </Text>
        </Tooltip>
      </Group>
    ),
  };
}

/** A short stable digest of the column accessors (djb2, base 36). */
function columnsDigest(accessors: readonly string[]): string {
  let hash = 5381;
  for (const ch of accessors.join('|')) hash = ((hash * 33) ^ (ch.codePointAt(0) ?? 0)) >>> 0;
  return hash.toString(36);
}

export function ListTable<T>(props: ListTableProps<T>) {
  // mantine-datatable brings its stored column state (order, toggles, widths) in line with the
  // columns while rendering, which reaches its other hooks of the same key mid-render. A table
  // whose columns vary keeps that state per column set: another set is another key, drawn by a
  // fresh table. Its column settings (show, fixed) stay the table's own, under `storeKey`.
  const tableKey = props.columnsVary
    ? `${props.storeKey}-${columnsDigest(props.columns.map((c) => String(c.accessor)))}`
    : props.storeKey;
  return <ColumnsTable<T> key={tableKey} tableKey={tableKey} {...props} />;
}

function ColumnsTable<T>({
  tableKey,
  label,
  storeKey,
  columns,
  records,
  idAccessor,
  rowAttributes,
  noRecordsText,
  fetching = false,
  pinFirstColumn = false,
  pinLastColumn = false,
  sort = null,
  onSortChange,
  toolbar,
  selection,
  onRowDoubleClick,
  rowFactory,
}: ListTableProps<T> & { tableKey: string }) {
  // Before mantine-datatable reads its stored widths (once per table key).
  const [checkedKey, setCheckedKey] = useState<string | null>(null);
  if (checkedKey !== tableKey) {
    dropUnreadableDataTableState(tableKey);
    setCheckedKey(tableKey);
  }

  const defined = withDefaults(columns, pinFirstColumn, pinLastColumn);
  const defaults: ColumnDefault[] = defined.map((c) => ({
    accessor: String(c.accessor),
    show: c.defaultToggle ?? true,
    fixed: c.fixed ?? null,
    toggleable: c.toggleable ?? true,
  }));
  const settings = useColumnSettings(storeKey, defaults);
  // mantine-datatable keeps the widths the user dragged; the rest of its state is unused here.
  const { effectiveColumns, resetColumnsWidth } = useDataTableColumns<T>({
    key: tableKey,
    columns: defined,
    getInitialValueInEffect: false,
  });
  const widthOf = new Map(effectiveColumns.map((c) => [c.accessor, c.width]));
  const sized = defined.map((c) => withTooltip({ ...c, width: widthOf.get(c.accessor) ?? c.width }));
  const drawn = arrangeColumns<T>(sized, settings.settings);
  const shownColumns = shownInOrder(settings.settings).map((s) => s.accessor);

  // Without a sort no column shows one (mantine-datatable needs a status to draw sort icons).
  const sortStatus: DataTableSortStatus<T> = sort
    ? { columnAccessor: sort.field, direction: sort.asc ? 'asc' : 'desc' }
    : { columnAccessor: '', direction: 'asc' };
  const sorting = onSortChange
    ? {
        sortStatus,
        onSortStatusChange: (s: DataTableSortStatus<T>) => {
          const field = String(s.columnAccessor);
          // Another column starts ascending; the sorted one turns around.
          onSortChange({ field, asc: field === sort?.field ? s.direction === 'asc' : true });
        },
      }
    : {};
  const picking = selection
    ? {
        selectedRecords: selection.selected,
        onSelectedRecordsChange: selection.onChange,
        allRecordsSelectionCheckboxProps: { 'aria-label': '全选' },
        getRecordSelectionCheckboxProps: (record: T) => ({ 'aria-label': `选择 ${selection.label(record)}` }),
      }
    : {};

  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">{toolbar?.({ shownColumns })}</Group>
        <ColumnSettingsMenu
          label={label}
          columns={defined.map((c) => ({
            accessor: String(c.accessor),
            title: titleText(c),
            toggleable: c.toggleable ?? true,
          }))}
          state={settings}
          onReset={() => {
            settings.reset();
            resetColumnsWidth();
          }}
        />
      </Group>
      <DataTable<T>
        aria-label={label}
        storeColumnsKey={tableKey}
        columns={drawn}
        records={records}
        idAccessor={idAccessor}
        customRowAttributes={rowAttributes}
        noRecordsText={noRecordsText}
        fetching={fetching}
        minHeight={records.length === 0 ? 120 : undefined}
        withTableBorder
        striped
        highlightOnHover
        onRowDoubleClick={onRowDoubleClick ? ({ record }) => onRowDoubleClick(record) : undefined}
        rowFactory={rowFactory}
        {...sorting}
        {...picking}
      />
    </Stack>
  );
}
