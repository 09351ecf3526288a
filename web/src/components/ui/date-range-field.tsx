import { Button, Group, Text, TextInput } from '@mantine/core';
import { DATE_SHORTCUTS, type DayRange, shortcutRange } from '@/lib/day-range';

export interface DateRangeFieldProps {
  value: DayRange | null;
  error: string | null;
  onChange: (value: DayRange | null) => void;
}

/** The days searched (both included) with the shortcuts of 02 §3.1. */
export function DateRangeField({ value, error, onChange }: DateRangeFieldProps) {
  const [first, last] = value ?? ['', ''];
  const set = (nextFirst: string, nextLast: string) => onChange(nextFirst || nextLast ? [nextFirst, nextLast] : null);
  return (
    <Group gap={6} align="flex-end" wrap="nowrap">
      <TextInput
        size="xs"
        type="date"
        label="日期"
        aria-label="开始日期"
        value={first}
        onChange={(e) => set(e.currentTarget.value, last)}
      />
      <Text size="xs" c="dimmed" pb={6}>
        至
      </Text>
      <TextInput
        size="xs"
        type="date"
        aria-label="结束日期"
        value={last}
        error={error}
        onChange={(e) => set(first, e.currentTarget.value)}
      />
      <Group gap={2} wrap="nowrap">
        {DATE_SHORTCUTS.map((s) => (
          <Button
            key={s.label}
            size="compact-xs"
            variant="subtle"
            onClick={() => onChange(shortcutRange(s, new Date()))}
          >
            {s.label}
          </Button>
        ))}
      </Group>
    </Group>
  );
}
