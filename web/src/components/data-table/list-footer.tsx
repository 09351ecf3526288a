// The footer of a paged list: the pager (when there is more than one page) and the total.

import { Group, Pagination, Text } from '@mantine/core';

export interface ListFooterProps {
  page: number;
  pages: number;
  total: number;
  onPageChange: (page: number) => void;
}

export function ListFooter({ page, pages, total, onPageChange }: ListFooterProps) {
  return (
    <>
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={onPageChange} size="sm" />
        </Group>
      )}
      <Text size="xs" c="dimmed">
        共 {total} 条
      </Text>
    </>
  );
}
