// What the statistics' pages show instead of figures: a part being read, why there is nothing.

import { Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A part of the page being read. */
export function Loading() {
  return (
    <Center p="xl">
      <Loader size="sm" aria-label="加载中" />
    </Center>
  );
}

/** Why there is nothing to show. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <Center p="xl">
      <Text c="dimmed">{children}</Text>
    </Center>
  );
}

/** Why no camp is shown. */
export function NoCamp({ asked }: { asked: number | null }) {
  return <Notice>{asked === null ? '暂无已发布的学习营' : '该学习营不存在或尚未发布'}</Notice>;
}
