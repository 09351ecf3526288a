import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { DateRangeField } from '@/components/ui/date-range-field';
import { AreaField, FiscalFields, TextField } from '@/features/datacentre/components/filter-fields';
import { useWorkTaskScope } from '../hooks/use-work-task-scope';
import { type Choice, COURSES, EXECUTOR_ROLES, QC_STATUSES, STATUSES, STEPS, withAll } from '../work-task-dict';
import { defaultWorkTaskFilters, periodError, type WorkTaskFilters } from '../work-task-search';
import { applyWorkTaskFilters, useWorkTaskFilters } from '../work-task-search-store';

interface ChoiceSelectProps {
  label: string;
  choices: Choice[];
  value: string;
  onChange: (value: string) => void;
  w?: number;
}

/** One choice, 全部 first; never empty. */
function ChoiceSelect({ label, choices, value, onChange, w = 120 }: ChoiceSelectProps) {
  return (
    <Select
      size="xs"
      w={w}
      label={label}
      data={choices}
      value={value}
      onChange={(v) => {
        if (v !== null) onChange(v);
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

const COURSE_CHOICES = withAll(COURSES, '全部课程');
const STEP_CHOICES = withAll(STEPS, '全部环节');
const ROLE_CHOICES = withAll(EXECUTOR_ROLES, '全部角色');
const STATUS_CHOICES = withAll(STATUSES);
const QC_CHOICES = withAll(QC_STATUSES);

/**
 * The filters of 工作任务质检 and 工作任务统计: the lessons' period (days, or a fiscal year and
 * quarter), the areas of the header's school, the course, step, executor's role, state, check,
 * the executor and the student. Changes are a draft until 查询 (or Enter in a text field) applies
 * them; 重置 applies the defaults. The school and subjects are the header's: another school starts
 * a new draft (its areas are not the other's).
 */
export function WorkTaskFilterBar() {
  const { schoolId } = useWorkTaskScope();
  const applied = useWorkTaskFilters(schoolId);
  return <FilterForm key={schoolId} schoolId={schoolId} applied={applied} />;
}

interface FilterFormProps {
  schoolId: number;
  applied: WorkTaskFilters;
}

function FilterForm({ schoolId, applied }: FilterFormProps) {
  const [draft, setDraft] = useState<WorkTaskFilters>(applied);
  const [error, setError] = useState<string | null>(null);
  const edit = (patch: Partial<WorkTaskFilters>) => setDraft((d) => ({ ...d, ...patch }));

  const apply = (filters: WorkTaskFilters = draft) => {
    const problem = periodError(filters);
    setError(problem);
    if (!problem) applyWorkTaskFilters(filters, schoolId);
  };
  const reset = () => {
    const defaults = defaultWorkTaskFilters(new Date());
    setDraft(defaults);
    apply(defaults);
  };

  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="筛选条件">
      <DateRangeField
        value={draft.dateVal}
        error={error}
        onChange={(dateVal) => edit(dateVal ? { dateVal, fiscalYear: null, quarterCode: null } : { dateVal })}
      />
      <FiscalFields
        fiscalYear={draft.fiscalYear}
        quarterCode={draft.quarterCode}
        onChange={(fiscalYear, quarterCode) =>
          edit(fiscalYear === null ? { fiscalYear, quarterCode } : { fiscalYear, quarterCode, dateVal: null })
        }
      />
      <AreaField schoolId={schoolId} value={draft.areaCodes} onChange={(areaCodes) => edit({ areaCodes })} />
      <ChoiceSelect
        label="课程类型"
        choices={COURSE_CHOICES}
        value={draft.tabType}
        onChange={(tabType) => edit({ tabType })}
      />
      <ChoiceSelect
        label="环节"
        choices={STEP_CHOICES}
        value={draft.stepCode}
        onChange={(stepCode) => edit({ stepCode })}
      />
      <ChoiceSelect
        label="执行角色"
        choices={ROLE_CHOICES}
        value={draft.executorRole}
        onChange={(executorRole) => edit({ executorRole })}
      />
      <ChoiceSelect
        label="任务状态"
        choices={STATUS_CHOICES}
        value={String(draft.status)}
        onChange={(v) => edit({ status: Number(v) })}
        w={100}
      />
      <ChoiceSelect
        label="质检状态"
        choices={QC_CHOICES}
        value={String(draft.qcStatus)}
        onChange={(v) => edit({ qcStatus: Number(v) })}
        w={100}
      />
      <TextField
        label="执行人"
        placeholder="执行人邮箱或姓名"
        value={draft.teacherEmail}
        onChange={(teacherEmail) => edit({ teacherEmail })}
        onSubmit={() => apply()}
      />
      <TextField
        label="学员"
        placeholder="学员编号或姓名"
        value={draft.studentNoAndName}
        onChange={(studentNoAndName) => edit({ studentNoAndName })}
        onSubmit={() => apply()}
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
