import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { VisitDetail } from '@/generated/VisitDetail';
import { VISIT_RECORDING } from '../record-tool-dict';

/**
 * The record sheet as read (a finished visit, its teacher, a manager): each dimension's score of
 * its maximum, the total, the timeline and the summary.
 */
export function VisitView({ detail }: { detail: VisitDetail }) {
  return (
    <Stack gap="md">
      {detail.status === VISIT_RECORDING && (
        <Text size="sm" c="dimmed">
          听课人仍在记录，以下为目前保存的内容。
        </Text>
      )}
      <Paper withBorder p="md" radius="md" component="section" aria-label="评分">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Title order={5}>评分</Title>
            <Text fw={600} role="status" aria-label="总分">
              总分 {detail.totalScore} / {detail.maxTotal}
            </Text>
          </Group>
          <Table withTableBorder striped aria-label="各维度得分">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>维度</Table.Th>
                <Table.Th>说明</Table.Th>
                <Table.Th w={110}>得分</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.scores.map((s) => (
                <Table.Tr key={s.key} aria-label={s.name}>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {s.description || '-'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {s.score ?? '-'} / {s.maxScore}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label="过程记录">
        <Stack gap="xs">
          <Title order={5}>过程记录</Title>
          {detail.notes.length === 0 ? (
            <Text size="sm" c="dimmed">
              暂无记录
            </Text>
          ) : (
            <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
              {detail.notes.map((note, i) => (
                <Group key={i} gap="sm" align="flex-start" wrap="nowrap" component="li">
                  <Badge variant="light" w={84} style={{ flexShrink: 0 }}>
                    第 {note.minute} 分钟
                  </Badge>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {note.text}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label="总评">
        <Stack gap="xs">
          <Title order={5}>总评</Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {detail.summary.trim() || '-'}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
