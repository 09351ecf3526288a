import { MultiSelect } from '@mantine/core';
import { useRegistDict } from '@/features/auth/api/register';
import type { StageSubject } from '@/generated/StageSubject';
import { pairOf, pairValue, subjectPairOptions } from '../admin-dict';

export interface SubjectPairsSelectProps {
  value: StageSubject[];
  onChange: (value: StageSubject[]) => void;
  label?: string;
}

/** The stages and subjects an account teaches (高中数学, 初中物理, …), from the catalogue. */
export function SubjectPairsSelect({ value, onChange, label = '学段学科' }: SubjectPairsSelectProps) {
  const stages = useRegistDict().data?.stages ?? [];
  return (
    <MultiSelect
      label={label}
      placeholder={value.length === 0 ? '选择学段学科' : undefined}
      data={subjectPairOptions(stages)}
      value={value.map(pairValue)}
      onChange={(values) => onChange(values.map(pairOf).filter((p): p is StageSubject => p !== null))}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
