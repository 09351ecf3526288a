import { Center, Loader, Text } from '@mantine/core';

/** A page's record being read. */
export function Loading() {
  return (
    <Center p="xl">
      <Loader size="sm" aria-label="加载中" />
    </Center>
  );
}

/** A record that could not be read (the API client said why). */
export function NotLoaded({ text = '未能读取，请稍后再试' }: { text?: string }) {
  return (
    <Center p="xl">
      <Text c="dimmed">{text}</Text>
    </Center>
  );
}
