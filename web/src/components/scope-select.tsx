import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { type Selection, useSession } from '@/lib/session';

export interface ScopeSelectProps {
  value: Selection | null;
  onChange: (next: Selection) => void;
  size?: 'xs' | 'sm';
}

/**
 * 学段 and 学科 of the user's stages (the header's choices): a stage keeps the subject when it
 * offers it, else takes its first.
 */
export function ScopeSelect({ value, onChange, size = 'sm' }: ScopeSelectProps) {
  const user = useSession((s) => s.user);
  const stages = useMemo(() => [...(user?.stageList ?? [])].sort((a, b) => a.sort - b.sort), [user]);
  const stage = stages.find((s) => s.code === value?.stage);
  return (
    <>
      <Select
        label="学段"
        size={size}
        w={120}
        data={stages.map((s) => ({ value: String(s.code), label: s.name }))}
        value={value ? String(value.stage) : null}
        allowDeselect={false}
        onChange={(v) => {
          const next = stages.find((s) => String(s.code) === v);
          if (!next) return;
          const keep = next.subjects.some((j) => j.code === value?.subject);
          const subject = keep ? value?.subject : next.subjects[0]?.code;
          if (subject !== undefined) onChange({ stage: next.code, subject });
        }}
      />
      <Select
        label="学科"
        size={size}
        w={120}
        data={(stage?.subjects ?? []).map((j) => ({ value: String(j.code), label: j.name }))}
        value={value ? String(value.subject) : null}
        allowDeselect={false}
        onChange={(v) => value && v && onChange({ stage: value.stage, subject: Number(v) })}
      />
    </>
  );
}
