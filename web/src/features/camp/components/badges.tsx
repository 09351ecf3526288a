import { Badge } from '@mantine/core';
import { campStatusBadge, taskTypeBadge } from '../camp-dict';

/** A camp's status, coloured alike on every camp page. */
export function CampStatusBadge({ status, name }: { status: number; name?: string }) {
  const { text, color } = campStatusBadge(status, name);
  return (
    <Badge color={color} variant="light" data-status={status}>
      {text}
    </Badge>
  );
}

export function TaskTypeBadge({ type, name }: { type: number; name?: string }) {
  const { text, color } = taskTypeBadge(type, name);
  return (
    <Badge color={color} variant="outline" size="sm">
      {text}
    </Badge>
  );
}
