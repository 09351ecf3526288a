import { Button, Checkbox, Group, Select, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { DateRangeField } from '@/components/ui/date-range-field';
import { VISIT_STATUSES } from '../record-tool-dict';
import { ALL_STATUSES, defaultVisitFilters, periodError, type VisitFilters } from '../visit-search';

const STATUS_CHOICES = [{ value: ALL_STATUSES, label: '全部' }, ...VISIT_STATUSES];

export interface VisitFilterBarProps {
  /** The search in effect. */
  value: VisitFilters;
  onApply: (filters: VisitFilters) => void;
}

/**
 * The filters of 听课管理: the days and the keyword are a draft until 查询 (or Enter); the status
 * and 只看我的 search at once, with the draft. 重置 applies the defaults.
 */
export function VisitFilterBar({ value, onApply }: VisitFilterBarProps) {
  const [draft, setDraft] = useState<VisitFilters>(value);
  const [error, setError] = useState<string | null>(null);

  const apply = (patch: Partial<VisitFilters> = {}) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    const problem = periodError(next);
    setError(problem);
    if (!problem) onApply(next);
  };
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    apply();
  };

  return (
    <form onSubmit={submit} role="search" aria-label="筛选条件">
      <Group gap="sm" align="flex-end">
        <DateRangeField
          value={draft.range}
          error={error}
          onChange={(range) => {
            setDraft((d) => ({ ...d, range }));
            setError(null);
          }}
        />
        <Select
          size="xs"
          label="状态"
          w={110}
          data={STATUS_CHOICES}
          value={draft.status}
          allowDeselect={false}
          onChange={(status) => apply({ status: status ?? ALL_STATUSES })}
        />
        <TextInput
          size="xs"
          label="关键词"
          placeholder="老师、班级名称或编码"
          maxLength={50}
          w={200}
          value={draft.keyword}
          onChange={(e) => setDraft({ ...draft, keyword: e.currentTarget.value })}
        />
        <Checkbox
          size="xs"
          mb={6}
          label="只看我的"
          checked={draft.mine}
          onChange={(e) => apply({ mine: e.currentTarget.checked })}
        />
        <Button size="xs" type="submit">
          查询
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            const defaults = defaultVisitFilters(Date.now());
            setDraft(defaults);
            setError(null);
            onApply(defaults);
          }}
        >
          重置
        </Button>
      </Group>
    </form>
  );
}
