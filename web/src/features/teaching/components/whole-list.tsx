import { Stack, Text } from '@mantine/core';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';

export interface WholeListProps<T> {
  label: string;
  storeKey: string;
  columns: ListTableColumn<T>[];
  records: T[];
  idAccessor: (keyof T & string) | ((r: T) => string | number);
  /** A row's accessible name. */
  rowLabel: (r: T) => string;
  noRecordsText: string;
  fetching?: boolean;
}

/** A list read whole (a record's classes, lessons, students): every row and the count. */
export function WholeList<T>(props: WholeListProps<T>) {
  return (
    <Stack gap="xs">
      <ListTable<T>
        label={props.label}
        storeKey={props.storeKey}
        columns={props.columns}
        records={props.records}
        idAccessor={props.idAccessor}
        rowAttributes={(r) => ({ 'aria-label': props.rowLabel(r) })}
        noRecordsText={props.noRecordsText}
        fetching={props.fetching}
        pinFirstColumn
      />
      <Text size="xs" c="dimmed">
        共 {props.records.length} 条
      </Text>
    </Stack>
  );
}
