// The search of 学员动态跟进 and 学员动态管理 (StudentDynamicSearch): the days the dynamics
// happened, their kind and follow-up state, the student, and on 学员动态管理 the header's school.
// The period is always sent, as the work tasks' is: the server's own default (seven days ending
// yesterday) would hide today's dynamics, which are the ones to follow up first.
// 全部 (-1) is left out of the wire, as are empty keywords. Pure functions; "today" is always given.

import type { StudentDynamicSearch } from '@/generated/StudentDynamicSearch';
import { Limits } from '@/generated/codes';
import { dateRangeError, type DayRange } from '@/lib/day-range';
import { formatDate } from '@/lib/format';
import { ALL, TO_FOLLOW } from './student-dynamic-dict';

export interface DynamicFilters {
  dateVal: DayRange | null;
  /** A kind or ALL. */
  kind: number;
  /** TO_FOLLOW, FOLLOWED or ALL. */
  followed: number;
  studentNoAndName: string;
}

/** A page of 30 rows. */
export const FIRST_PAGE = { pageNo: Limits.DEFAULT_PAGE_NO, pageSize: Limits.DEFAULT_PAGE_SIZE } as const;

/** The last 30 days, today included. */
export function lastThirtyDays(today: Date): DayRange {
  const first = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
  return [formatDate(first), formatDate(today)];
}

/** Every kind still to follow up in the last 30 days. */
export function defaultDynamicFilters(today: Date): DynamicFilters {
  return { dateVal: lastThirtyDays(today), kind: ALL, followed: TO_FOLLOW, studentNoAndName: '' };
}

/** Why the period cannot be searched, or null. */
export function periodError(filters: DynamicFilters): string | null {
  return dateRangeError(filters.dateVal);
}

/** The search as the server takes it, without paging; `schoolId` only where the page has a school. */
export function toDynamicWire(filters: DynamicFilters, schoolId?: number): StudentDynamicSearch {
  const wire: StudentDynamicSearch = {};
  if (filters.dateVal) [wire.beginTimeStart, wire.beginTimeEnd] = filters.dateVal;
  if (schoolId !== undefined) wire.schoolId = schoolId;
  if (filters.kind !== ALL) wire.kind = filters.kind;
  if (filters.followed !== ALL) wire.followed = filters.followed;
  const student = filters.studentNoAndName.trim();
  if (student) wire.studentNoAndName = student;
  return wire;
}
