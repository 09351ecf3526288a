import { Badge } from '@mantine/core';

/** A table cell's text as a badge of a Mantine colour (a status: 达标 / 未达标). */
export function CellBadge({ color, text }: { color: string; text: string }) {
  return (
    <Badge color={color} variant="light" size="sm">
      {text}
    </Badge>
  );
}
