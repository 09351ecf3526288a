// The fields of the data-centre filter bar. Each option list is read by the field that shows it,
// so a screen reads only the dictionaries of its own filters.

import { MultiSelect, Select, TextInput } from '@mantine/core';
import { fiscalYearOf, fiscalYearOptions } from '@/lib/fiscal-year';
import { useSession } from '@/lib/session';
import { useAreas, useDictPrepare, useGrades, useProductGroups } from '../api/dict';
import { pickWithAll, withAllOption } from '../all-option';
import { ALL } from '../dc-search';

interface Option {
  value: string;
  label: string;
}

interface AllMultiSelectProps {
  label: string;
  allLabel: string;
  options: Option[];
  value: string[];
  onChange: (value: string[]) => void;
}

/** A multiple choice with 全部 first; 全部 and the single values exclude each other. */
function AllMultiSelect({ label, allLabel, options, value, onChange }: AllMultiSelectProps) {
  return (
    <MultiSelect
      size="xs"
      w={200}
      label={label}
      data={withAllOption(options, allLabel)}
      value={value}
      onChange={(next) => onChange(pickWithAll(value, next))}
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

interface CodesFieldProps {
  value: string[];
  onChange: (value: string[]) => void;
}

export function AreaField({ schoolId, ...props }: CodesFieldProps & { schoolId: number }) {
  const areas = useAreas(schoolId).data ?? [];
  const options = areas.map((a) => ({ value: a.areaCode, label: a.areaName }));
  return <AllMultiSelect label="校区" allLabel="全部校区" options={options} {...props} />;
}

export function GradeField(props: CodesFieldProps) {
  const grades = useGrades().data ?? [];
  const options = grades.map((g) => ({ value: String(g.gradeCode), label: g.gradeName }));
  return <AllMultiSelect label="年级" allLabel="全部年级" options={options} {...props} />;
}

export function ProductTypeField(props: CodesFieldProps) {
  const types = useDictPrepare().data?.productTypes ?? [];
  const options = types.map((t) => ({ value: t.code, label: t.name }));
  return <AllMultiSelect label="产品类型" allLabel="全部类型" options={options} {...props} />;
}

export function ProductGroupField(props: CodesFieldProps) {
  const groups = useProductGroups().data ?? [];
  const options = groups.map((g) => ({ value: g.code, label: g.name }));
  return <AllMultiSelect label="产品组" allLabel="全部产品组" options={options} {...props} />;
}

export function NoRecycleCauseField(props: CodesFieldProps) {
  const causes = useDictPrepare().data?.noRecycleCauses ?? [];
  const options = causes.map((c) => ({ value: c.code, label: c.name }));
  return <AllMultiSelect label="未回收原因" allLabel="全部原因" options={options} {...props} />;
}

interface ChoiceFieldProps {
  value: number;
  onChange: (value: number) => void;
}

interface AllSelectProps extends ChoiceFieldProps {
  label: string;
  options: Option[];
  w?: number;
}

/** One choice with 全部 (-1) first. */
function AllSelect({ label, options, value, onChange, w = 130 }: AllSelectProps) {
  return (
    <Select
      size="xs"
      w={w}
      label={label}
      data={withAllOption(options)}
      value={String(value)}
      onChange={(v) => onChange(v === null ? ALL : Number(v))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** 是 (1) and 否 (0): the filter sets' choices (02 §3.1). */
const YES_NO_OPTIONS: Option[] = [
  { value: '1', label: '是' },
  { value: '0', label: '否' },
];

/** A filter set: 全部, 是 or 否. */
export function YesNoField({ label, ...props }: ChoiceFieldProps & { label: string }) {
  return <AllSelect label={label} options={YES_NO_OPTIONS} {...props} />;
}

export function TeacherTeachTimeField(props: ChoiceFieldProps) {
  const bands = useDictPrepare().data?.teacherTeachTimes ?? [];
  const options = bands.map((b) => ({ value: b.code, label: b.name }));
  return <AllSelect label="教龄" options={options} w={150} {...props} />;
}

export function ProjectGroupField(props: ChoiceFieldProps) {
  const groups = useDictPrepare().data?.projectGroups ?? [];
  const options = groups.map((g) => ({ value: g.code, label: g.name }));
  return <AllSelect label="项目组" options={options} w={150} {...props} />;
}

export function LessonDuringTimeField(props: ChoiceFieldProps) {
  const bands = useDictPrepare().data?.lessonDuringTimes ?? [];
  const options = bands.map((b) => ({ value: b.code, label: b.name }));
  return <AllSelect label="课节时长" options={options} w={150} {...props} />;
}

export interface FiscalFieldsProps {
  fiscalYear: number | null;
  quarterCode: number | null;
  onChange: (fiscalYear: number | null, quarterCode: number | null) => void;
}

/** A fiscal year (the server's current one, the next and the last; 02 §5) and its quarter. */
export function FiscalFields({ fiscalYear, quarterCode, onChange }: FiscalFieldsProps) {
  const time = useSession((s) => s.time);
  const now = new Date();
  const current = time?.currentFiscalYear ?? fiscalYearOf(now.getFullYear(), now.getMonth() + 1);
  const quarters = useDictPrepare().data?.quarters ?? [];
  return (
    <>
      <Select
        size="xs"
        w={120}
        label="财年"
        placeholder="按日期"
        clearable
        data={fiscalYearOptions(current).map((y) => ({ value: String(y), label: `${y}财年` }))}
        value={fiscalYear === null ? null : String(fiscalYear)}
        onChange={(v) => onChange(v === null ? null : Number(v), v === null ? null : quarterCode)}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        size="xs"
        w={140}
        label="季度"
        placeholder="全年"
        clearable
        disabled={fiscalYear === null}
        data={quarters.map((q) => ({ value: q.code, label: q.name }))}
        value={quarterCode === null ? null : String(quarterCode)}
        onChange={(v) => onChange(fiscalYear, v === null ? null : Number(v))}
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}

export interface TextFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
}

/** A text filter; Enter searches. */
export function TextField({ label, placeholder, value, onChange, onSubmit }: TextFieldProps) {
  return (
    <TextInput
      size="xs"
      w={180}
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSubmit();
      }}
    />
  );
}
