// The search of 听课管理 (VisitListRequest): the days of the visited lessons (always sent, the
// last 30 days by default, at most 366), the status, only the caller's own visits, and a keyword
// (the teacher's name, the class's name or code). 全部 and empty keywords are left out of the
// wire. Pure functions; "now" is always given.

import type { VisitListRequest } from '@/generated/VisitListRequest';
import { dateRangeError, type DayRange } from '@/lib/day-range';
import { PAGE_SIZE } from './record-tool-dict';
import { lastThirtyDays } from './visit-rules';

/** The longest period searched, in days (the server's). */
export const MAX_PERIOD_DAYS = 366;

/** A status filter: 'all' for both, else a VISIT_STATUSES code. */
export const ALL_STATUSES = 'all';

export interface VisitFilters {
  range: DayRange | null;
  status: string;
  mine: boolean;
  keyword: string;
}

/** Every visit of the last 30 days. */
export function defaultVisitFilters(now: number): VisitFilters {
  return { range: lastThirtyDays(now), status: ALL_STATUSES, mine: false, keyword: '' };
}

/** Why the period cannot be searched, or null. */
export function periodError({ range }: VisitFilters): string | null {
  if (!range) return '请选择开始和结束日期';
  const error = dateRangeError(range);
  if (error) return error;
  const days = (Date.parse(`${range[1]}T00:00:00Z`) - Date.parse(`${range[0]}T00:00:00Z`)) / 86_400_000 + 1;
  return days > MAX_PERIOD_DAYS ? `日期范围不能超过 ${MAX_PERIOD_DAYS} 天` : null;
}

/** The search as the server takes it, with its page (of 20 rows). */
export function toVisitListRequest(filters: VisitFilters, pageNo = 1, pageSize = PAGE_SIZE): VisitListRequest {
  const [from, to] = filters.range ?? ['', ''];
  const request: VisitListRequest = { from, to };
  if (filters.status !== ALL_STATUSES) request.status = Number(filters.status);
  if (filters.mine) request.mine = true;
  const keyword = filters.keyword.trim();
  if (keyword) request.keyword = keyword;
  return { ...request, pageNo, pageSize };
}
