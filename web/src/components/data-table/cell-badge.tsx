import { Badge, Group } from '@mantine/core';

/** A table cell's text as a badge of a Mantine colour (a status: 达标 / 未达标). */
export function CellBadge({ color, text }: { color: string; text: string }) {
  return (
    <Badge color={color} variant="light" size="sm">
      {text}
    </Badge>
  );
}

/** A badge of a cell drawing several (tags): its text and Mantine colour. */
export interface CellBadgeSpec {
  text: string;
  color: string;
}

/** A table cell's tags, a badge each, in a row. */
export function CellBadges({ badges }: { badges: readonly CellBadgeSpec[] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {badges.map((b) => (
        <CellBadge key={b.text} color={b.color} text={b.text} />
      ))}
    </Group>
  );
}
