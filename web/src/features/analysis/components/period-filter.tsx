import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { ALL_SUBJECTS, SUBJECTS } from '../analysis-dict';
import type { AnalysisSearch } from '../analysis-paths';
import { lastDays, PERIOD_SHORTCUTS, periodError } from '../analysis-period';

const SUBJECT_CHOICES = [
  { value: String(ALL_SUBJECTS), label: '全部学科' },
  ...SUBJECTS.map((s) => ({ value: String(s.code), label: s.name })),
];

export interface PeriodFilterProps {
  /** The search in effect. */
  value: AnalysisSearch;
  onApply: (search: AnalysisSearch) => void;
  /** Names the form (筛选条件 by default). */
  label?: string;
  /** The fields apply at once (no 查询 button): a form whose value is the draft itself. */
  live?: boolean;
}

/**
 * The days (China time, both included, 366 at most) and the subject of an analysis. The days are a
 * draft until 查询 (or Enter); a shortcut and the subject apply at once. With `live` every change
 * applies at once when it is valid.
 */
export function PeriodFilter({ value, onApply, label = '筛选条件', live = false }: PeriodFilterProps) {
  const [draft, setDraft] = useState<AnalysisSearch>(value);
  const [error, setError] = useState<string | null>(null);

  const apply = (next: AnalysisSearch) => {
    setDraft(next);
    const problem = periodError(next.range);
    setError(problem);
    if (!problem) onApply(next);
  };
  const setDay = (i: 0 | 1, day: string) => {
    const range: AnalysisSearch['range'] = i === 0 ? [day, draft.range[1]] : [draft.range[0], day];
    if (live) apply({ ...draft, range });
    else {
      setDraft({ ...draft, range });
      setError(null);
    }
  };
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    apply(draft);
  };

  return (
    <form onSubmit={submit} role="search" aria-label={label}>
      <Group gap="sm" align="flex-end">
        <Group gap={6} align="flex-end" wrap="nowrap">
          <TextInput
            size="xs"
            type="date"
            label="时间范围"
            aria-label="开始日期"
            value={draft.range[0]}
            onChange={(e) => setDay(0, e.currentTarget.value)}
          />
          <Text size="xs" c="dimmed" pb={6}>
            至
          </Text>
          <TextInput
            size="xs"
            type="date"
            aria-label="结束日期"
            value={draft.range[1]}
            error={error}
            onChange={(e) => setDay(1, e.currentTarget.value)}
          />
        </Group>
        <Group gap={2} wrap="nowrap" pb={4}>
          {PERIOD_SHORTCUTS.map((s) => (
            <Button
              key={s.label}
              size="compact-xs"
              variant="subtle"
              onClick={() => apply({ ...draft, range: lastDays(Date.now(), s.days) })}
            >
              {s.label}
            </Button>
          ))}
        </Group>
        <Select
          size="xs"
          label="学科"
          w={110}
          data={SUBJECT_CHOICES}
          value={String(draft.subject)}
          allowDeselect={false}
          onChange={(v) => apply({ ...draft, subject: Number(v ?? ALL_SUBJECTS) })}
        />
        {!live && (
          <Button size="xs" type="submit">
            查询
          </Button>
        )}
      </Group>
    </form>
  );
}
