import { Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export interface QueryPageProps<T> {
  query: UseQueryResult<T>;
  /** The page drawn from the data once read, and when it was read (`dataUpdatedAt`). */
  children: (data: T, readAt: number) => ReactNode;
}

/**
 * A page of one record read by a query: a loader while it is read, the server's message when it
 * cannot be read (not found, no right), the page once it is.
 */
export function QueryPage<T>({ query, children }: QueryPageProps<T>) {
  if (query.isPending) {
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="加载中" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Center p="xl">
        <Text c="dimmed" role="alert">
          {query.error.message}
        </Text>
      </Center>
    );
  }
  return (
    <Stack p="md" gap="md">
      {children(query.data, query.dataUpdatedAt)}
    </Stack>
  );
}
