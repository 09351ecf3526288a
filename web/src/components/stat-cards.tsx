import { Paper, SimpleGrid, type SimpleGridProps, Text, Title } from '@mantine/core';

/** One figure of a group: its label and its value as shown. */
export interface StatItem {
  label: string;
  value: string;
}

/** A titled group of figures (a region); each figure is a group named by its label. */
export function StatCards({
  title,
  items,
  busy,
  cols = { base: 2, sm: 3, lg: 5 },
}: {
  title: string;
  items: StatItem[];
  busy: boolean;
  cols?: SimpleGridProps['cols'];
}) {
  return (
    <section aria-label={title}>
      <Title order={5} mb="xs">
        {title}
      </Title>
      <SimpleGrid cols={cols} spacing="sm" aria-busy={busy || undefined}>
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
