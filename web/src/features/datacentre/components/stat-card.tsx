import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { StatItem } from '../board-figures';

/** A titled group of figures; each figure is named by its label (role group). */
export function StatCards({ title, items, loading }: { title: string; items: StatItem[]; loading: boolean }) {
  return (
    <section aria-label={title}>
      <Title order={5} mb="xs">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" aria-busy={loading || undefined}>
        {items.map((item) => (
          <Paper key={item.label} withBorder p="sm" role="group" aria-label={item.label}>
            <Text size="xs" c="dimmed">
              {item.label}
            </Text>
            <Text fw={700} size="lg">
              {item.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
