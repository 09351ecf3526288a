// Students' dynamics: a page of them in the caller's scope and period, the latest first
// (`studentDynamic/list`); the figures per kind, then 合计 (`studentDynamic/statistics`, managers
// only); and a follow-up of one (`studentDynamic/follow`, answering the dynamic as it now stands;
// 400 with the reason on a bad note or code, 404 when it is not the caller's).

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@/generated/Page';
import type { StudentDynamicFollow } from '@/generated/StudentDynamicFollow';
import type { StudentDynamicRow } from '@/generated/StudentDynamicRow';
import type { StudentDynamicSearch } from '@/generated/StudentDynamicSearch';
import type { StudentDynamicStatRow } from '@/generated/StudentDynamicStatRow';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { dynamicKeys, invalidateDynamics } from './student-dynamic-keys';

/** POST /api/studentDynamic/list (an empty page when the server answers nothing). */
export async function getDynamics(
  search: StudentDynamicSearch,
  options?: RequestOptions,
): Promise<Page<StudentDynamicRow>> {
  const page = await api.post<Page<StudentDynamicRow> | null>('/api/studentDynamic/list', search, options);
  return page && Array.isArray(page.records)
    ? page
    : { records: [], total: 0, pageNo: search.pageNo ?? 1, pageSize: search.pageSize ?? 0 };
}

export function dynamicsQueryOptions(search: StudentDynamicSearch) {
  return queryOptions({
    queryKey: dynamicKeys.page(search),
    queryFn: (context) => getDynamics(search, readOptions(context)),
  });
}

/** The page shown stays while the next one is read. */
export function useDynamics(search: StudentDynamicSearch) {
  return useQuery({ ...dynamicsQueryOptions(search), placeholderData: keepPreviousData });
}

/** POST /api/studentDynamic/statistics */
export async function getDynamicStatistics(
  search: StudentDynamicSearch,
  options?: RequestOptions,
): Promise<StudentDynamicStatRow[]> {
  const rows = await api.post<StudentDynamicStatRow[] | null>('/api/studentDynamic/statistics', search, options);
  return rows ?? [];
}

export function dynamicStatisticsQueryOptions(search: StudentDynamicSearch) {
  return queryOptions({
    queryKey: dynamicKeys.statistics(search),
    queryFn: (context) => getDynamicStatistics(search, readOptions(context)),
  });
}

export function useDynamicStatistics(search: StudentDynamicSearch) {
  return useQuery({ ...dynamicStatisticsQueryOptions(search), placeholderData: keepPreviousData });
}

/** POST /api/studentDynamic/follow */
export function followDynamic(body: StudentDynamicFollow): Promise<StudentDynamicRow> {
  return api.post<StudentDynamicRow>('/api/studentDynamic/follow', body);
}

/** Records a follow-up, then reads every list and the statistics again. */
export function useFollowDynamic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followDynamic,
    onSuccess: () => invalidateDynamics(queryClient),
  });
}
