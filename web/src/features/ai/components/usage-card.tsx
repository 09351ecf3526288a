import { Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { thousands } from '@/lib/format';
import { useUsage } from '../api/usage';
import { USAGE_DAYS } from '../ai-dict';

const DAY_MS = 86_400_000;

/** The last 30 days, from the start of the first day to the end of today (local time). */
function lastDays(days: number, now = new Date()): [number, number] {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  return [today - (days - 1) * DAY_MS, today + DAY_MS - 1];
}

/** 使用统计: calls, failures and tokens per model over the last 30 days. */
export function UsageCard() {
  const [[startTime, endTime]] = useState(() => lastDays(USAGE_DAYS));
  const usage = useUsage(startTime, endTime);
  const models = usage.data?.models ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="使用统计">
      <Title order={6} mb="xs">
        使用统计（近 {USAGE_DAYS} 天{usage.data?.everyone ? '，全员' : ''}）
      </Title>
      {usage.isPending && (
        <Text size="sm" c="dimmed">
          加载中…
        </Text>
      )}
      {usage.isSuccess && models.length === 0 && (
        <Text size="sm" c="dimmed">
          暂无调用记录
        </Text>
      )}
      {models.length > 0 && (
        <Table fz="sm" aria-label="模型用量">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>模型</Table.Th>
              <Table.Th ta="right">调用次数</Table.Th>
              <Table.Th ta="right">失败</Table.Th>
              <Table.Th ta="right">Token</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {models.map((m) => (
              <Table.Tr key={m.model}>
                <Table.Td>{m.model}</Table.Td>
                <Table.Td ta="right">{thousands(m.calls)}</Table.Td>
                <Table.Td ta="right">{thousands(m.failed)}</Table.Td>
                <Table.Td ta="right">{thousands(m.tokens)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
