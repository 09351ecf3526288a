import { Alert, Center, Grid, Loader, Paper, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NavTree } from '@/components/nav-tree';
import type { BookTreeNode } from '@/generated/BookTreeNode';

export interface BookShelfProps {
  /** The published books by stage and subject (book/bookTree). */
  tree: UseQueryResult<BookTreeNode[]>;
  /** The book picked (null: none). */
  textbookId: number | null;
  onPick: (textbookId: number) => void;
  /** Said beside the books while none is picked. */
  noBookText: string;
  /** What is shown of the picked book. */
  children: (textbookId: number) => ReactNode;
}

/** The published books down the left, to pick one from; what is shown of the picked one on the right. */
export function BookShelf({ tree, textbookId, onPick, noBookText, children }: BookShelfProps) {
  return (
    <Grid gutter="md" align="flex-start">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder p="sm" radius="md">
          {tree.isPending ? (
            <Center p="md">
              <Loader size="sm" aria-label="正在加载教材" />
            </Center>
          ) : tree.isError ? (
            <Alert color="orange" title="教材加载失败">
              {tree.error.message}
            </Alert>
          ) : tree.data.length === 0 ? (
            <Text c="dimmed" size="sm">
              还没有发布的教材
            </Text>
          ) : (
            <NavTree
              nodes={tree.data}
              leafId={(n) => n.textbookId}
              selectedId={textbookId}
              onSelect={onPick}
              label="教材"
            />
          )}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {textbookId === null ? (
          <Paper withBorder p="xl" radius="md">
            <Text c="dimmed" ta="center">
              {noBookText}
            </Text>
          </Paper>
        ) : (
          children(textbookId)
        )}
      </Grid.Col>
    </Grid>
  );
}
