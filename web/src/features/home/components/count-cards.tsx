import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { thousands } from '@/lib/format';
import { getIncreaseCount, getTodoTaskCount } from '../api/counts';

interface Card {
  label: string;
  load: () => Promise<number | null>;
}

const CARDS: Card[] = [
  { label: '新增资源', load: getIncreaseCount },
  { label: '待办任务', load: getTodoTaskCount },
];

/** A few counts on the home page; a failed one shows '-'. */
export function CountCards() {
  const [values, setValues] = useState<(number | null)[]>(CARDS.map(() => null));
  useEffect(() => {
    let alive = true;
    CARDS.forEach((card, i) => {
      void card
        .load()
        .catch(() => null)
        .then((v) => {
          if (alive) setValues((prev) => prev.map((p, j) => (j === i ? v : p)));
        });
    });
    return () => {
      alive = false;
    };
  }, []);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
      {CARDS.map((card, i) => (
        <Paper key={card.label} withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text fw={700} fz={28} aria-label={card.label}>
            {thousands(values[i])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
