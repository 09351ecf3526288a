import { Avatar, Tooltip } from '@mantine/core';
import type { Presence } from '@/lib/collab';

export interface PresenceAvatarsProps {
  people: readonly Presence[];
  /** Accessible name of the group, e.g. 正在编辑课程总结的成员. */
  label: string;
  size?: 'xs' | 'sm' | 'md';
}

/** Round avatars (first character of the name, in the user's caret colour). */
export function PresenceAvatars({ people, label, size = 'sm' }: PresenceAvatarsProps) {
  if (people.length === 0) return null;
  return (
    <Tooltip.Group openDelay={200} closeDelay={100}>
      <Avatar.Group spacing={6} role="list" aria-label={label}>
        {people.map((p) => {
          const name = p.self ? `${p.name}（我）` : p.name;
          return (
            <Tooltip key={p.email} label={name} withArrow>
              <Avatar
                role="listitem"
                aria-label={name}
                size={size}
                radius="xl"
                styles={{ placeholder: { backgroundColor: p.color, color: 'white' } }}
                data-email={p.email}
              >
                {p.name.slice(0, 1)}
              </Avatar>
            </Tooltip>
          );
        })}
      </Avatar.Group>
    </Tooltip.Group>
  );
}
