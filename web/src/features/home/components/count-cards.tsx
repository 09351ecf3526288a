import { Paper, SimpleGrid, Text } from '@mantine/core';
import { thousands } from '@/lib/format';
import { useHomeCount } from '../api/counts';

const CARDS = [
  { label: '新增资源', count: 'increase' },
  { label: '待办任务', count: 'todoTasks' },
] as const;

function CountCard({ label, count }: (typeof CARDS)[number]) {
  // A failed count shows '-'.
  const value = useHomeCount(count).data ?? null;
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={28} aria-label={label}>
        {thousands(value)}
      </Text>
    </Paper>
  );
}

/** A few counts on the home page; a failed one shows '-'. */
export function CountCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
      {CARDS.map((card) => (
        <CountCard key={card.label} {...card} />
      ))}
    </SimpleGrid>
  );
}
