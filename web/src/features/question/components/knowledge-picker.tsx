import { Group, MultiSelect, Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { flattenNodes } from '@/features/atlas/atlas-tree';
import { useTreeChoices, useTreeDetail } from '@/features/atlas/api/trees';
import type { QuestionPoint } from '@/generated/QuestionPoint';

export interface KnowledgePickerProps {
  subject: number;
  stage: number;
  value: number[];
  onChange: (ids: number[]) => void;
  /** The points chosen already, named (they may be of another tree than the one shown). */
  known?: readonly QuestionPoint[];
  error?: string;
  max: number;
}

/** 知识点: a tree of the subject and stage, then points of it (by their path), several at once. */
export function KnowledgePicker({ subject, stage, value, onChange, known = [], error, max }: KnowledgePickerProps) {
  const choices = useTreeChoices(subject, stage);
  const [picked, setPicked] = useState<number | null>(null);
  const treeId = picked ?? choices.data?.[0]?.treeId ?? null;
  const detail = useTreeDetail(treeId);

  const data = useMemo(() => {
    const options = flattenNodes(detail.data?.nodes ?? []).map((f) => ({
      value: String(f.node.id),
      label: f.path.join(' / '),
    }));
    const shown = new Set(options.map((o) => o.value));
    const extra = known.filter((p) => !shown.has(String(p.id))).map((p) => ({ value: String(p.id), label: p.name }));
    return [...extra, ...options];
  }, [detail.data, known]);

  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <Select
        label="图谱"
        w={180}
        data={(choices.data ?? []).map((t) => ({ value: String(t.treeId), label: t.name }))}
        value={treeId === null ? null : String(treeId)}
        allowDeselect={false}
        onChange={(v) => v && setPicked(Number(v))}
        placeholder={choices.isPending ? '加载中…' : '暂无图谱'}
      />
      <MultiSelect
        label="知识点"
        style={{ flex: 1 }}
        data={data}
        value={value.map(String)}
        onChange={(ids) => onChange(ids.map(Number))}
        searchable
        maxValues={max}
        nothingFoundMessage="没有匹配的知识点"
        placeholder={value.length === 0 ? '选择知识点' : undefined}
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
