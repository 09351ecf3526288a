import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { StaffBrief } from '@/generated/StaffBrief';
import { useStaffSearch } from '../../api/staff';

/** How long typing pauses before the search is sent. */
export const STAFF_SEARCH_DELAY_MS = 300;

export interface StaffPickerProps {
  label: string;
  /** The school searched (-1: every school the user sees). */
  schoolId: number;
  value: StaffBrief[];
  onChange: (value: StaffBrief[]) => void;
  error?: string;
  required?: boolean;
  /** Offer the people who may be responsible inspectors (operators, admins, principals). */
  inspectors?: boolean;
}

const labelOf = (s: StaffBrief) => `${s.name}（${s.email}）`;

/** Staff picked by typing part of a name or e-mail (the server answers at most 20). */
export function StaffPicker({
  label,
  schoolId,
  value,
  onChange,
  error,
  required,
  inspectors = false,
}: StaffPickerProps) {
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, STAFF_SEARCH_DELAY_MS);
  const query = useStaffSearch(keyword, schoolId, inspectors);
  const known = new Map<number, StaffBrief>(value.map((s) => [s.userId, s]));
  for (const s of query.data ?? []) {
    if (!known.has(s.userId)) known.set(s.userId, { userId: s.userId, name: s.name, email: s.email });
  }
  return (
    <MultiSelect
      label={label}
      placeholder="输入姓名或邮箱搜索"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={[...known.values()].map((s) => ({ value: String(s.userId), label: labelOf(s) }))}
      value={value.map((s) => String(s.userId))}
      onChange={(ids) => onChange(ids.flatMap((id) => known.get(Number(id)) ?? []))}
      nothingFoundMessage={keyword.trim() ? (query.isFetching ? '搜索中…' : '未找到员工') : '输入姓名或邮箱搜索'}
      error={error}
      withAsterisk={required}
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
