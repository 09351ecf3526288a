import { Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn, type ListTableView } from '@/components/data-table/list-table';
import type { Page } from '@/generated/Page';
import type { ReactNode } from 'react';

export interface PagedTableProps<T> {
  label: string;
  storeKey: string;
  columns: ListTableColumn<T>[];
  query: UseQueryResult<Page<T>>;
  pageNo: number;
  pageSize: number;
  onPageChange: (pageNo: number) => void;
  idAccessor: (keyof T & string) | ((record: T) => string | number);
  /** A row's accessible name. */
  rowLabel: (record: T) => string;
  noRecordsText?: string;
  toolbar?: (view: ListTableView) => ReactNode;
}

/** A page of a list read page by page: the table, the pager and the total. */
export function PagedTable<T>({
  label,
  storeKey,
  columns,
  query,
  pageNo,
  pageSize,
  onPageChange,
  idAccessor,
  rowLabel,
  noRecordsText = '暂无数据',
  toolbar,
}: PagedTableProps<T>) {
  const total = query.data?.total ?? 0;
  return (
    <Stack gap="xs">
      <ListTable<T>
        label={label}
        storeKey={storeKey}
        columns={columns}
        records={query.data?.records ?? []}
        idAccessor={idAccessor}
        rowAttributes={(r) => ({ 'aria-label': rowLabel(r) })}
        noRecordsText={query.isPending ? '加载中…' : noRecordsText}
        fetching={query.isFetching}
        pinFirstColumn
        toolbar={toolbar}
      />
      <ListFooter
        page={pageNo}
        pages={Math.max(1, Math.ceil(total / pageSize))}
        total={total}
        onPageChange={onPageChange}
      />
    </Stack>
  );
}
