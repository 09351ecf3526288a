import { Box, Group, Text, Tooltip } from '@mantine/core';
import { type ConnectionState, useRealtimeState } from '@/lib/realtime';

const LABELS: Record<ConnectionState, { text: string; color: string }> = {
  connected: { text: '实时连接正常', color: 'var(--mantine-color-green-6)' },
  connecting: { text: '正在连接…', color: 'var(--mantine-color-yellow-6)' },
  reconnecting: { text: '连接断开，正在重连…', color: 'var(--mantine-color-orange-6)' },
  idle: { text: '未连接', color: 'var(--mantine-color-gray-5)' },
  stopped: { text: '未连接', color: 'var(--mantine-color-gray-5)' },
};

/** A small dot in the header showing the real-time connection state. */
export function ConnectionIndicator() {
  const state = useRealtimeState();
  const { text, color } = LABELS[state];
  return (
    <Tooltip label={text}>
      <Group gap={6} wrap="nowrap" role="status" aria-label={text} data-state={state}>
        <Box w={8} h={8} style={{ borderRadius: '50%', backgroundColor: color }} />
        {state === 'reconnecting' && (
          <Text size="xs" c="orange">
            重连中
          </Text>
        )}
      </Group>
    </Tooltip>
  );
}
