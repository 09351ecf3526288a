import { Center, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ChartCardProps {
  title: string;
  /** Beside the title (e.g. the trend's day/week/month). */
  actions?: ReactNode;
  empty: boolean;
  children: ReactNode;
}

/** A chart under its title; '暂无数据' when there is nothing to draw. */
export function ChartCard({ title, actions, empty, children }: ChartCardProps) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={5}>{title}</Title>
        {actions}
      </Group>
      {empty ? (
        <Center h={200}>
          <Text size="sm" c="dimmed">
            暂无数据
          </Text>
        </Center>
      ) : (
        children
      )}
    </Paper>
  );
}
