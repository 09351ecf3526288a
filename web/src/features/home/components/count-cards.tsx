import { Paper, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { thousands } from '@/lib/format';
import { useHomeCount } from '../api/counts';

const CARDS = [
  { label: '新增资源', count: 'increase' },
  // The feedback reports still due (students present at my lessons of the last 7 days).
  { label: '待办任务', count: 'todoTasks', hint: '待写反馈' },
] as const;

type CountName = (typeof CARDS)[number]['count'];

function CountCard({ label, count, hint, to }: (typeof CARDS)[number] & { hint?: string; to?: string }) {
  // A failed count shows '-'.
  const value = useHomeCount(count).data ?? null;
  const body = (
    <>
      <Text size="sm" c="dimmed">
        {label}
        {to && hint ? ` · ${hint}` : ''}
      </Text>
      <Text fw={700} fz={28} aria-label={label}>
        {thousands(value)}
      </Text>
    </>
  );
  return to ? (
    <Paper
      withBorder
      p="md"
      radius="md"
      component={Link}
      to={to}
      style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
    >
      {body}
    </Paper>
  ) : (
    <Paper withBorder p="md" radius="md">
      {body}
    </Paper>
  );
}

export interface CountCardsProps {
  /** Where a count's card leads (its list); a count without one is a plain card. */
  links?: Partial<Record<CountName, string>>;
}

/** A few counts on the home page, each opening its list where there is one; a failed one shows '-'. */
export function CountCards({ links = {} }: CountCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
      {CARDS.map((card) => (
        <CountCard key={card.label} {...card} to={links[card.count]} />
      ))}
    </SimpleGrid>
  );
}
