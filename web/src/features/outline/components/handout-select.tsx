import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useHandoutChoices } from '@/features/paper/api/collection';
import { HANDOUT_PAPER_TYPE } from '@/features/paper/audit-dict';

/** The handouts one picker offers (the caller's own and the approved ones, newest first). */
export const HANDOUT_CHOICES = 100;

export interface HandoutSelectProps {
  value: number | null;
  /** The handout chosen before, named (it may not be among those offered). */
  knownTitle?: string | null;
  onChange: (paperId: number | null, title: string | null) => void;
  label?: string;
}

/** 讲义: a handout from the paper collection (paper/collection, type 讲义), or none. */
export function HandoutSelect({ value, knownTitle, onChange, label = '讲义' }: HandoutSelectProps) {
  const collection = useHandoutChoices(HANDOUT_PAPER_TYPE, HANDOUT_CHOICES);
  const data = useMemo(() => {
    const options = (collection.data?.records ?? []).map((p) => ({ value: String(p.paperId), label: p.paperTitle }));
    const extra =
      value !== null && !options.some((o) => o.value === String(value))
        ? [{ value: String(value), label: knownTitle ?? `讲义 ${value}` }]
        : [];
    return [...extra, ...options];
  }, [collection.data, value, knownTitle]);

  return (
    <Select
      label={label}
      placeholder={collection.isPending ? '加载中…' : '不绑定讲义'}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null, data.find((o) => o.value === v)?.label ?? null)}
      searchable
      clearable
      nothingFoundMessage="没有匹配的讲义"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
