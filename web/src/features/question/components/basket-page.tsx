import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { BasketDrawer } from '@/features/basket/components/basket-drawer';

export interface BasketPageProps {
  title: string;
  /** The basket's count as the page shows it. */
  count: ReactNode;
  /** The subject and stage the basket is assembled in (null: none chosen). */
  subject: number | null;
  stage: number | null;
  children: ReactNode;
}

/** A page that picks questions: its title and 试题篮 (with the count, opening the basket) over its content. */
export function BasketPage({ title, count, subject, stage, children }: BasketPageProps) {
  const [drawer, setDrawer] = useState(false);
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        <Button
          variant="light"
          onClick={() => setDrawer(true)}
          rightSection={
            <Badge size="sm" variant="filled" aria-label="试题篮题数">
              {count}
            </Badge>
          }
        >
          试题篮
        </Button>
      </Group>
      {children}
      <BasketDrawer opened={drawer} onClose={() => setDrawer(false)} subject={subject} stage={stage} />
    </Stack>
  );
}
