import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { StatItem } from '../stats-format';

/** A titled group of figures (a region); each figure is a group named by its label. */
export function StatCards({ title, items, busy }: { title: string; items: StatItem[]; busy: boolean }) {
  return (
    <section aria-label={title}>
      <Title order={5} mb="xs">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-busy={busy || undefined}>
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
