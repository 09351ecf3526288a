import { Select } from '@mantine/core';
import { useSession } from '@/lib/session';
import { formatSchoolName } from '@/lib/format';

export interface SchoolSelectProps {
  label?: string;
  value: number | null;
  onChange: (schoolId: number | null) => void;
  /** A first option for "no one school" (全部学校 -1, 集团默认 -1); absent: a school must be chosen. */
  allOption?: { value: number; label: string };
  placeholder?: string;
  error?: string | null;
  required?: boolean;
  w?: number;
}

/** The schools of the signed-in user (their user info), as a select. */
export function SchoolSelect({
  label = '学校',
  value,
  onChange,
  allOption,
  placeholder = '请选择学校',
  error,
  required,
  w = 180,
}: SchoolSelectProps) {
  const schools = useSession((s) => s.user?.schoolList) ?? [];
  const data = [
    ...(allOption ? [{ value: String(allOption.value), label: allOption.label }] : []),
    ...schools.map((s) => ({ value: String(s.id), label: formatSchoolName(s) })),
  ];
  return (
    <Select
      size="xs"
      w={w}
      label={label}
      placeholder={placeholder}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      allowDeselect={false}
      error={error}
      required={required}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
