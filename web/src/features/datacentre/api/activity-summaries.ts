// The summaries of the teaching-activity statistics (spec 02 §7.2, §7.5): POST with the search.
// Their tables are report pages (report-page.ts).

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DcSearch } from '@/generated/DcSearch';
import type { DeptUsageRow } from '@/generated/DeptUsageRow';
import type { PrepSummary } from '@/generated/PrepSummary';
import type { UsageValidSummary } from '@/generated/UsageValidSummary';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { dcKeys } from './dc-keys';

/** POST {path} (/api/lessonPrepare/statistics/summary, /api/lessonPrepare/teacherLessonDetail/summary) */
export function getPrepSummary(path: string, search: DcSearch, options?: RequestOptions): Promise<PrepSummary> {
  return api.post<PrepSummary>(path, search, options);
}

export function prepSummaryQueryOptions(path: string, search: DcSearch) {
  return queryOptions({
    queryKey: dcKeys.summary(path, search),
    queryFn: (context) => getPrepSummary(path, search, readOptions(context)),
  });
}

export function usePrepSummary(path: string, search: DcSearch) {
  return useQuery({ ...prepSummaryQueryOptions(path, search), placeholderData: keepPreviousData });
}

/** POST {path} (/api/systemUse/vipTeacherValidSummary, bsTeacherValidSummary; no loading). */
export function getUsageSummary(path: string, search: DcSearch): Promise<UsageValidSummary> {
  return api.post<UsageValidSummary>(path, search, { noLoading: true });
}

export function usageSummaryQueryOptions(path: string, search: DcSearch) {
  return queryOptions({ queryKey: dcKeys.summary(path, search), queryFn: () => getUsageSummary(path, search) });
}

export function useUsageSummary(path: string, search: DcSearch) {
  return useQuery({ ...usageSummaryQueryOptions(path, search), placeholderData: keepPreviousData });
}

export const DEPT_USAGE_PATH = '/api/systemUse/deptSummaryList';

/** POST /api/systemUse/deptSummaryList: every department of the system view, by school and name. */
export function getDeptUsage(search: DcSearch, options?: RequestOptions): Promise<DeptUsageRow[]> {
  return api.post<DeptUsageRow[]>(DEPT_USAGE_PATH, search, options);
}

export function deptUsageQueryOptions(search: DcSearch) {
  return queryOptions({
    queryKey: dcKeys.summary(DEPT_USAGE_PATH, search),
    queryFn: (context) => getDeptUsage(search, readOptions(context)),
  });
}

export function useDeptUsage(search: DcSearch) {
  return useQuery({ ...deptUsageQueryOptions(search), placeholderData: keepPreviousData });
}
