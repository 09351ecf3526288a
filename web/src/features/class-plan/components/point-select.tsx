import { MultiSelect } from '@mantine/core';
import { MAX_PLAN_ITEM_POINTS } from '../class-plan-dict';
import type { PointGroup } from '../knowledge-options';

export interface PointSelectProps {
  groups: PointGroup[];
  /** The atlas is being read. */
  loading: boolean;
  value: number[];
  onChange: (value: number[]) => void;
}

/** The knowledge points of an item, picked from the package's atlas by chapter (searchable). */
export function PointSelect({ groups, loading, value, onChange }: PointSelectProps) {
  const empty = !loading && groups.length === 0;
  let placeholder: string | undefined;
  if (value.length === 0) placeholder = loading ? '正在读取知识图谱…' : empty ? '该学科学段暂无知识图谱' : '选择知识点';
  return (
    <MultiSelect
      label="知识点"
      placeholder={placeholder}
      data={groups}
      value={value.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      maxValues={MAX_PLAN_ITEM_POINTS}
      description={value.length >= MAX_PLAN_ITEM_POINTS ? `最多 ${MAX_PLAN_ITEM_POINTS} 个知识点` : undefined}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage="没有匹配的知识点"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
