import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { DateRangeField } from '@/components/ui/date-range-field';
import { dateRangeError } from '@/lib/day-range';
import {
  type DcFilters,
  defaultFilters,
  type FilterField,
  filtersOf,
  YES_NO_FILTERS,
  type YesNoFilter,
} from '../dc-search';
import { applyDcFilters, useDcSearch } from '../dc-search-store';
import {
  AreaField,
  FiscalFields,
  GradeField,
  LessonDuringTimeField,
  NoRecycleCauseField,
  ProductGroupField,
  ProductTypeField,
  ProjectGroupField,
  TeacherTeachTimeField,
  TextField,
  YesNoField,
} from './filter-fields';

/** The labels of the filter sets. */
const YES_NO_LABELS: Record<YesNoFilter, string> = {
  bindResLesson: '是否绑定资源',
  publishResource: '是否发布资源',
  recycleResource: '是否设置回收',
  isRecycle: '是否回收',
  isSendFeedbackReport: '是否发送反馈报告',
  isCreateIn24h: '是否24小时内生成',
};

export interface FilterBarProps {
  fields: readonly FilterField[];
}

const numbers = (values: string[]) => values.map(Number);
const texts = (values: readonly number[]) => values.map(String);

/**
 * The filter bar: changes are a draft until 查询 (or Enter in a text field) applies them to the
 * search; 重置 applies the defaults. A date range and a fiscal period exclude each other. The
 * areas are the header school's: another school starts a new draft.
 */
export function FilterBar({ fields }: FilterBarProps) {
  const search = useDcSearch();
  return <FilterForm key={search.schoolId} fields={fields} schoolId={search.schoolId} applied={filtersOf(search)} />;
}

interface FilterFormProps extends FilterBarProps {
  schoolId: number;
  applied: DcFilters;
}

function FilterForm({ fields, schoolId, applied }: FilterFormProps) {
  const [draft, setDraft] = useState<DcFilters>(applied);
  const [dateError, setDateError] = useState<string | null>(null);
  const has = (field: FilterField) => fields.includes(field);
  const edit = (patch: Partial<DcFilters>) => setDraft((d) => ({ ...d, ...patch }));

  const apply = (filters: DcFilters = draft) => {
    const error = dateRangeError(filters.dateVal);
    setDateError(error);
    if (!error) applyDcFilters(filters, schoolId);
  };
  const reset = () => {
    const defaults = defaultFilters(new Date());
    setDraft(defaults);
    apply(defaults);
  };

  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="筛选条件">
      {has('date') && (
        <DateRangeField
          value={draft.dateVal}
          error={dateError}
          onChange={(dateVal) => edit(dateVal ? { dateVal, fiscalYear: null, quarterCode: null } : { dateVal })}
        />
      )}
      {has('fiscal') && (
        <FiscalFields
          fiscalYear={draft.fiscalYear}
          quarterCode={draft.quarterCode}
          onChange={(fiscalYear, quarterCode) =>
            edit(fiscalYear === null ? { fiscalYear, quarterCode } : { fiscalYear, quarterCode, dateVal: null })
          }
        />
      )}
      {has('area') && (
        <AreaField schoolId={schoolId} value={draft.areaCodes} onChange={(areaCodes) => edit({ areaCodes })} />
      )}
      {has('grade') && (
        <GradeField value={texts(draft.gradeCodes)} onChange={(v) => edit({ gradeCodes: numbers(v) })} />
      )}
      {has('productType') && (
        <ProductTypeField value={draft.productType} onChange={(productType) => edit({ productType })} />
      )}
      {has('productGroup') && (
        <ProductGroupField value={texts(draft.productGroup)} onChange={(v) => edit({ productGroup: numbers(v) })} />
      )}
      {has('teacher') && (
        <TextField
          label="老师"
          placeholder="老师邮箱或姓名"
          value={draft.teacherEmail}
          onChange={(teacherEmail) => edit({ teacherEmail })}
          onSubmit={() => apply()}
        />
      )}
      {has('student') && (
        <TextField
          label="学员"
          placeholder="学员编号或姓名"
          value={draft.studentNoAndName}
          onChange={(studentNoAndName) => edit({ studentNoAndName })}
          onSubmit={() => apply()}
        />
      )}
      {has('teacherTeachTime') && (
        <TeacherTeachTimeField
          value={draft.teacherTeachTime}
          onChange={(teacherTeachTime) => edit({ teacherTeachTime })}
        />
      )}
      {has('projectGroup') && (
        <ProjectGroupField value={draft.projectGroup} onChange={(projectGroup) => edit({ projectGroup })} />
      )}
      {has('lessonDuringTime') && (
        <LessonDuringTimeField
          value={draft.lessonDuringTime}
          onChange={(lessonDuringTime) => edit({ lessonDuringTime })}
        />
      )}
      {YES_NO_FILTERS.filter(has).map((field) => (
        <YesNoField
          key={field}
          label={YES_NO_LABELS[field]}
          value={draft[field]}
          onChange={(value) => edit({ [field]: value })}
        />
      ))}
      {has('noRecycleCause') && (
        <NoRecycleCauseField
          value={texts(draft.noRecycleCauseTypes)}
          onChange={(v) => edit({ noRecycleCauseTypes: numbers(v) })}
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
