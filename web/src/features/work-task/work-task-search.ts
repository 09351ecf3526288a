// The search of 工作任务质检 and 工作任务统计 (WorkTaskSearch): the data-centre period of the
// lessons (a date range, or a fiscal year and quarter; 02 §3.1), the header's school and subjects,
// the school's areas and the task filters. 全部 (-1) is left out of the wire (the areas' is an
// empty list), as are empty keywords. Pure functions; "today" is always given.

import type { SortInfo } from '@/generated/SortInfo';
import type { WorkTaskSearch } from '@/generated/WorkTaskSearch';
import { Limits } from '@/generated/codes';
import { dateRangeError, type DayRange, lastSevenDays } from '@/lib/day-range';
import { ALL, ALL_VALUE } from './work-task-dict';

/** How the statistics group the tasks. */
export type StatType = 'executor' | 'school' | 'step';

export const STAT_TYPES: readonly { value: StatType; label: string }[] = [
  { value: 'executor', label: '执行人' },
  { value: 'school', label: '校区' },
  { value: 'step', label: '环节' },
];

export const DEFAULT_STAT_TYPE: StatType = 'executor';

export function statTypeOf(value: string | null): StatType {
  return STAT_TYPES.find((t) => t.value === value)?.value ?? DEFAULT_STAT_TYPE;
}

export interface WorkTaskFilters {
  /** The lessons' days; null when a fiscal period is searched instead. */
  dateVal: DayRange | null;
  fiscalYear: number | null;
  quarterCode: number | null;
  /** Areas of the header's school; [ALL_VALUE] (全部校区): every area. */
  areaCodes: string[];
  /** 'ZJ', 'ST' or ALL_VALUE (both). */
  tabType: string;
  /** A step code or ALL_VALUE. */
  stepCode: string;
  /** 'consultant', '1v1_xg', 'teacher' or ALL_VALUE. */
  executorRole: string;
  /** 0 to do, 1 done, 2 overdue, -1 all. */
  status: number;
  /** 0 not checked, 1 qualified, 2 unqualified, -1 all. */
  qcStatus: number;
  /** The executor's name or e-mail (the wire's `teacherEmail`). */
  teacherEmail: string;
  studentNoAndName: string;
}

/** A page of 30 rows. */
export const FIRST_PAGE = { pageNo: Limits.DEFAULT_PAGE_NO, pageSize: Limits.DEFAULT_PAGE_SIZE } as const;

export function defaultWorkTaskFilters(today: Date): WorkTaskFilters {
  return {
    dateVal: lastSevenDays(today),
    fiscalYear: null,
    quarterCode: null,
    areaCodes: [ALL_VALUE],
    tabType: ALL_VALUE,
    stepCode: ALL_VALUE,
    executorRole: ALL_VALUE,
    status: ALL,
    qcStatus: ALL,
    teacherEmail: '',
    studentNoAndName: '',
  };
}

/** Why the period cannot be searched, or null. */
export function periodError(filters: WorkTaskFilters): string | null {
  return dateRangeError(filters.dateVal);
}

/** The header's choice: the session's school (-1 every school) and the subjects (-1 or none: all). */
export interface WorkTaskScope {
  schoolId: number;
  subjects: readonly number[];
}

export interface WorkTaskExtras {
  pageNo?: number;
  pageSize?: number;
  sortInfo?: SortInfo | null;
  statType?: StatType;
  /** Exports: the columns written, in order. */
  columns?: string[];
}

/** The search as the server takes it. */
export function toWorkTaskWire(
  filters: WorkTaskFilters,
  scope: WorkTaskScope,
  extras: WorkTaskExtras = {},
): WorkTaskSearch {
  const wire: WorkTaskSearch = {
    schoolId: scope.schoolId,
    areaCodes: filters.areaCodes.includes(ALL_VALUE) ? [] : [...filters.areaCodes],
    subjects: scope.subjects.some((s) => s === ALL) ? [] : [...scope.subjects],
  };
  if (filters.dateVal) {
    [wire.beginTimeStart, wire.beginTimeEnd] = filters.dateVal;
  } else if (filters.fiscalYear !== null) {
    wire.fiscalYear = filters.fiscalYear;
    if (filters.quarterCode !== null) wire.quarterCode = filters.quarterCode;
  }
  if (filters.tabType !== ALL_VALUE) wire.tabType = filters.tabType;
  if (filters.stepCode !== ALL_VALUE) wire.stepCode = filters.stepCode;
  if (filters.executorRole !== ALL_VALUE) wire.executorRole = filters.executorRole;
  if (filters.status !== ALL) wire.status = filters.status;
  if (filters.qcStatus !== ALL) wire.qcStatus = filters.qcStatus;
  const executor = filters.teacherEmail.trim();
  if (executor) wire.teacherEmail = executor;
  const student = filters.studentNoAndName.trim();
  if (student) wire.studentNoAndName = student;
  if (extras.statType) wire.statType = extras.statType;
  if (extras.sortInfo) wire.sortInfo = extras.sortInfo;
  if (extras.pageNo !== undefined) wire.pageNo = extras.pageNo;
  if (extras.pageSize !== undefined) wire.pageSize = extras.pageSize;
  if (extras.columns) wire.columns = extras.columns;
  return wire;
}
