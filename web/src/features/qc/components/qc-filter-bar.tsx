import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { useQcGroupOptions } from '../api/qc-groups';
import { useServiceOptions } from '../api/services';
import { useTags } from '../api/settings';
import { periodError } from '../period';
import { ALL, defaultQcFilters, PUNCH_CHANNELS, type QcFilterField, type QcFilters } from '../qc-search';
import { applyQcFilters, useQcFilters } from '../qc-search-store';
import { PeriodFields } from './period-fields';
import { SchoolSelect } from './school-select';

export interface QcFilterBarProps {
  /** Besides the period, which every screen has. */
  fields: readonly QcFilterField[];
}

const ALL_VALUE = String(ALL);
const CHECK_STATUSES = [
  { value: ALL_VALUE, label: '全部' },
  { value: '0', label: '待质检' },
  { value: '1', label: '已质检' },
];
const RESULT_STATUSES = [
  { value: ALL_VALUE, label: '全部' },
  { value: '1', label: '合格' },
  { value: '2', label: '不合格' },
];
const CLASSIC_CASES = [
  { value: ALL_VALUE, label: '全部' },
  { value: '1', label: '是' },
  { value: '0', label: '否' },
];
const CHANNELS = [
  { value: ALL_VALUE, label: '全部' },
  ...PUNCH_CHANNELS.map((c) => ({ value: String(c.value), label: c.label })),
];

interface StatusSelectProps {
  label: string;
  data: { value: string; label: string }[];
  value: number;
  onChange: (value: number) => void;
  w?: number;
}

function StatusSelect({ label, data, value, onChange, w = 110 }: StatusSelectProps) {
  return (
    <Select
      size="xs"
      w={w}
      label={label}
      data={data}
      value={String(value)}
      onChange={(v) => onChange(v === null ? ALL : Number(v))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function GroupSelect({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const groups = useQcGroupOptions().data ?? [];
  const data = [{ value: ALL_VALUE, label: '全部质检组' }, ...groups.map((g) => ({ value: g.code, label: g.name }))];
  return <StatusSelect label="质检组" data={data} value={value} onChange={onChange} w={150} />;
}

function ServiceSelect({ value, onChange }: { value: number[]; onChange: (value: number[]) => void }) {
  const services = useServiceOptions().data ?? [];
  return (
    <MultiSelect
      size="xs"
      w={200}
      label="服务类型"
      placeholder={value.length === 0 ? '全部服务' : undefined}
      data={services.map((s) => ({ value: String(s.id), label: s.name }))}
      value={value.map(String)}
      onChange={(v) => onChange(v.map(Number))}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function TagSelect({ value, onChange }: { value: number[]; onChange: (value: number[]) => void }) {
  const tags = useTags().data ?? [];
  return (
    <MultiSelect
      size="xs"
      w={180}
      label="提交标签"
      placeholder={value.length === 0 ? '全部标签' : undefined}
      data={tags.map((t) => ({ value: String(t.id), label: t.name }))}
      value={value.map(String)}
      onChange={(v) => onChange(v.map(Number))}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * The QC filter bar: the period and the screen's filters. Changes are a draft until 查询 (or
 * Enter in a text field) applies them; 重置 applies the defaults.
 */
export function QcFilterBar({ fields }: QcFilterBarProps) {
  const applied = useQcFilters();
  const [draft, setDraft] = useState<QcFilters>(applied);
  const [error, setError] = useState<string | null>(null);
  const has = (field: QcFilterField) => fields.includes(field);
  const edit = (patch: Partial<QcFilters>) => setDraft((d) => ({ ...d, ...patch }));

  const apply = (filters: QcFilters = draft) => {
    const problem = periodError(filters);
    setError(problem);
    if (!problem) applyQcFilters(filters);
  };
  const reset = () => {
    const defaults = defaultQcFilters(new Date());
    setDraft(defaults);
    apply(defaults);
  };
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') apply();
  };

  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="筛选条件">
      <PeriodFields value={draft} error={error} onChange={(period) => edit(period)} />
      {has('school') && (
        <SchoolSelect
          value={draft.schoolId}
          allOption={{ value: ALL, label: '全部学校' }}
          onChange={(schoolId) => edit({ schoolId: schoolId ?? ALL })}
        />
      )}
      {has('group') && <GroupSelect value={draft.groupId} onChange={(groupId) => edit({ groupId })} />}
      {has('checkStatus') && (
        <StatusSelect
          label="质检状态"
          data={CHECK_STATUSES}
          value={draft.checkStatus}
          onChange={(checkStatus) => edit({ checkStatus })}
        />
      )}
      {has('resultStatus') && (
        <StatusSelect
          label="质检结果"
          data={RESULT_STATUSES}
          value={draft.resultStatus}
          onChange={(resultStatus) => edit({ resultStatus })}
        />
      )}
      {has('service') && <ServiceSelect value={draft.serviceIds} onChange={(serviceIds) => edit({ serviceIds })} />}
      {has('classicCase') && (
        <StatusSelect
          label="典型案例"
          data={CLASSIC_CASES}
          value={draft.classicCase}
          onChange={(classicCase) => edit({ classicCase })}
          w={100}
        />
      )}
      {has('channel') && (
        <StatusSelect
          label="打卡渠道"
          data={CHANNELS}
          value={draft.punchChannel}
          onChange={(punchChannel) => edit({ punchChannel })}
        />
      )}
      {has('tag') && <TagSelect value={draft.tagIds} onChange={(tagIds) => edit({ tagIds })} />}
      {has('teacher') && (
        <TextInput
          size="xs"
          w={180}
          label="员工"
          placeholder="员工邮箱或姓名"
          value={draft.teacherEmail}
          onChange={(e) => edit({ teacherEmail: e.currentTarget.value })}
          onKeyDown={onEnter}
        />
      )}
      {has('student') && (
        <TextInput
          size="xs"
          w={180}
          label="学员"
          placeholder="学员编号或姓名"
          value={draft.studentNoAndName}
          onChange={(e) => edit({ studentNoAndName: e.currentTarget.value })}
          onKeyDown={onEnter}
        />
      )}
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
