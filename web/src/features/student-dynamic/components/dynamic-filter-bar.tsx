import { Button, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DateRangeField } from '@/components/ui/date-range-field';
import { FOLLOW_STATES, KINDS, withAll } from '../student-dynamic-dict';
import { defaultDynamicFilters, type DynamicFilters, periodError } from '../student-dynamic-search';

const KIND_CHOICES = withAll(KINDS);

export interface DynamicFilterBarProps {
  /** The search in effect. */
  value: DynamicFilters;
  onApply: (filters: DynamicFilters) => void;
}

/**
 * The filters of the dynamics: the days they happened, their kind, the follow-up state and the
 * student. The days and the student are a draft until 查询 (or Enter); choosing a kind or state
 * searches at once, with the draft, as the list is mostly switched between them. 重置 applies
 * the defaults.
 */
export function DynamicFilterBar({ value, onApply }: DynamicFilterBarProps) {
  const [draft, setDraft] = useState<DynamicFilters>(value);
  const [error, setError] = useState<string | null>(null);

  const apply = (patch: Partial<DynamicFilters> = {}) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    const problem = periodError(next);
    setError(problem);
    if (!problem) onApply(next);
  };
  const reset = () => {
    const defaults = defaultDynamicFilters(new Date());
    setDraft(defaults);
    setError(null);
    onApply(defaults);
  };

  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="筛选条件">
      <DateRangeField
        value={draft.dateVal}
        error={error}
        onChange={(dateVal) => setDraft((d) => ({ ...d, dateVal }))}
      />
      <Select
        size="xs"
        w={140}
        label="类型"
        data={KIND_CHOICES}
        value={String(draft.kind)}
        onChange={(v) => {
          if (v !== null) apply({ kind: Number(v) });
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <SegmentedControl
        size="xs"
        aria-label="跟进状态"
        data={[...FOLLOW_STATES]}
        value={String(draft.followed)}
        onChange={(v) => apply({ followed: Number(v) })}
      />
      <TextInput
        size="xs"
        w={180}
        label="学员"
        placeholder="学员编号或姓名"
        value={draft.studentNoAndName}
        onChange={(e) => {
          const studentNoAndName = e.currentTarget.value;
          setDraft((d) => ({ ...d, studentNoAndName }));
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
      />
      <Group gap="xs">
        <Button size="xs" onClick={() => apply()}>
          查询
        </Button>
        <Button size="xs" variant="default" onClick={reset}>
          重置
        </Button>
      </Group>
    </Group>
  );
}
