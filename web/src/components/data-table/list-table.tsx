// The one table of lists (mantine-datatable): columns the user can hide and show and resize,
// the first or last column fixed (pinned) while the rest scrolls, all remembered per table in
// localStorage (under `storeKey`) until 重置列设置.

import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { DataTable, type DataTableColumn, useDataTableColumns } from 'mantine-datatable';

export type ListTableColumn<T> = DataTableColumn<T>;

export interface ListTableProps<T> {
  /** Names the table (its accessible name and the 列设置 button's). */
  label: string;
  /** Where this table's column settings are kept (localStorage), e.g. 'download-center'. */
  storeKey: string;
  columns: ListTableColumn<T>[];
  records: T[];
  /** The record's id field. */
  idAccessor: keyof T & string;
  /** Attributes of a record's row (an accessible name, data attributes for tests and styles). */
  rowAttributes?: (record: T) => Record<string, string | number | undefined>;
  /** Shown instead of rows when there are none (and nothing is loading). */
  noRecordsText: string;
  /** Rows are being read. */
  fetching?: boolean;
  /** Keeps the first column in view while the table scrolls sideways. */
  pinFirstColumn?: boolean;
  /** Keeps the last column (usually the actions) in view while the table scrolls sideways. */
  pinLastColumn?: boolean;
}

function SettingsIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M4 6h16M4 12h16M4 18h16" />
      <circle cx="9" cy="6" r="2" fill="currentColor" />
      <circle cx="15" cy="12" r="2" fill="currentColor" />
      <circle cx="7" cy="18" r="2" fill="currentColor" />
    </svg>
  );
}

/** Every column toggleable and resizable unless it says otherwise. */
function withDefaults<T>(columns: ListTableColumn<T>[]): ListTableColumn<T>[] {
  return columns.map((c) => ({ toggleable: true, resizable: true, ...c }));
}

export function ListTable<T>({
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
}: ListTableProps<T>) {
  const defined = withDefaults(columns);
  const { effectiveColumns, columnsToggle, setColumnsToggle, resetColumnsToggle, resetColumnsWidth } =
    useDataTableColumns<T>({ key: storeKey, columns: defined, getInitialValueInEffect: false });
  const titleOf = (accessor: string) => {
    const column = defined.find((c) => c.accessor === accessor);
    return typeof column?.title === 'string' ? column.title : accessor;
  };

  return (
    <Stack gap={4}>
      <Group justify="flex-end">
        <Popover position="bottom-end" withinPortal shadow="md">
          <Popover.Target>
            <Tooltip label="列设置">
              <ActionIcon variant="subtle" color="gray" aria-label={`${label}：列设置`}>
                <SettingsIcon />
              </ActionIcon>
            </Tooltip>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs" role="group" aria-label="显示的列">
              <Text size="xs" c="dimmed">
                显示的列（拖动表头边缘调整列宽）
              </Text>
              {columnsToggle
                .filter((t) => t.toggleable)
                .map((t) => (
                  <Checkbox
                    key={t.accessor}
                    size="xs"
                    label={titleOf(t.accessor)}
                    checked={t.toggled}
                    onChange={(e) => {
                      const toggled = e.currentTarget.checked;
                      setColumnsToggle((all) => all.map((c) => (c.accessor === t.accessor ? { ...c, toggled } : c)));
                    }}
                  />
                ))}
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => {
                  resetColumnsToggle();
                  resetColumnsWidth();
                }}
              >
                重置列设置
              </Button>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Group>
      <DataTable<T>
        aria-label={label}
        storeColumnsKey={storeKey}
        columns={effectiveColumns}
        records={records}
        idAccessor={idAccessor}
        customRowAttributes={rowAttributes}
        noRecordsText={noRecordsText}
        fetching={fetching}
        pinFirstColumn={pinFirstColumn}
        pinLastColumn={pinLastColumn}
        minHeight={records.length === 0 ? 120 : undefined}
        withTableBorder
        striped
        highlightOnHover
      />
    </Stack>
  );
}
