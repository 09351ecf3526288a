import { Badge, Group, List, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { formatText } from '@/lib/report-format';
import { useAiDetail } from '../../api/punches';
import { QUALIFIED, UNQUALIFIED } from '../../check-form';

const SUGGESTION_COLORS: Record<number, string> = { [QUALIFIED]: 'green', [UNQUALIFIED]: 'red' };

/**
 * 自动预检 (`qc/aiDetail`): each finding against the school's QC rule (✓ passed, ✗ not) and the
 * result they suggest. A suggestion only: the inspector decides.
 */
export function PrecheckPanel({ punchId }: { punchId: number }) {
  const query = useAiDetail(punchId);
  if (query.isPending) return <Loader size="xs" aria-label="预检中" />;
  if (!query.data) {
    return (
      <Text size="sm" c="dimmed">
        暂无预检结果
      </Text>
    );
  }
  const { findings, suggestedResultStatus, suggestedResultDesc } = query.data;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm">建议结果</Text>
        <Badge color={SUGGESTION_COLORS[suggestedResultStatus] ?? 'gray'} variant="light">
          {formatText(suggestedResultDesc)}
        </Badge>
        <Text size="xs" c="dimmed">
          仅供参考，以质检员判断为准
        </Text>
      </Group>
      <List spacing={4} size="sm" aria-label="预检项">
        {findings.map((f) => (
          <List.Item
            key={f.item}
            aria-label={`${f.passed ? '通过' : '未通过'}：${f.item}`}
            icon={
              <ThemeIcon size={18} radius="xl" color={f.passed ? 'green' : 'red'} aria-hidden>
                {f.passed ? '✓' : '✗'}
              </ThemeIcon>
            }
          >
            <Text span size="sm" fw={500}>
              {f.item}
            </Text>
            {f.detail && (
              <Text span size="sm" c="dimmed">
                {' '}
                {f.detail}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
