import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A record's fact: its label and value ('-' when empty). */
export type Fact = [label: string, value: ReactNode];

export interface FactsCardProps {
  /** The record's name, the card's heading. */
  title: ReactNode;
  /** Beside the heading (badges). */
  badges?: ReactNode;
  /** At the heading's far end (links to the record's other pages). */
  actions?: ReactNode;
  facts: Fact[];
}

/** The facts of a record in a card: its name, then label–value pairs in columns. */
export function FactsCard({ title, badges, actions, facts }: FactsCardProps) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Title order={4}>{title}</Title>
            {badges}
          </Group>
          {actions}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs" verticalSpacing={6}>
          {facts.map(([label, value]) => (
            <Group key={label} gap={6} wrap="nowrap" role="group" aria-label={label}>
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {label}：
              </Text>
              <Text size="sm" component="div">
                {value === '' || value === null || value === undefined ? '-' : value}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
