import { Button, Group, Text } from '@mantine/core';
import type { QuestionFacet } from '@/generated/QuestionFacet';
import { ALL, type Coded } from '../question-dict';

export interface FacetFilterProps {
  label: string;
  options: readonly Coded[];
  value: number;
  onChange: (code: number) => void;
  /** What the search finds per code (paper/class/search); null while unknown. */
  facets?: readonly QuestionFacet[] | null;
}

/** A filter of one code at a time (全部 or one), each with what the search finds under it. */
export function FacetFilter({ label, options, value, onChange, facets = null }: FacetFilterProps) {
  const countOf = (code: number) => (facets ? (facets.find((f) => f.code === code)?.count ?? 0) : null);
  const total = facets ? facets.reduce((n, f) => n + f.count, 0) : null;
  return (
    <Group gap={6} role="group" aria-label={label} wrap="wrap">
      <Text size="sm" fw={500} w={42}>
        {label}
      </Text>
      <Choice text="全部" count={total} active={value === ALL} onClick={() => onChange(ALL)} />
      {options.map((o) => (
        <Choice
          key={o.code}
          text={o.name}
          count={countOf(o.code)}
          active={value === o.code}
          onClick={() => onChange(o.code)}
        />
      ))}
    </Group>
  );
}

function Choice({
  text,
  count,
  active,
  onClick,
}: {
  text: string;
  count: number | null;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="compact-sm"
      variant={active ? 'filled' : 'default'}
      aria-pressed={active}
      onClick={onClick}
      rightSection={
        count === null ? undefined : (
          <Text span size="xs" c={active ? undefined : 'dimmed'}>
            {count}
          </Text>
        )
      }
    >
      {text}
    </Button>
  );
}
