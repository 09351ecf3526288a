// Work tasks for checking (工作任务质检): a page of the tasks of the lessons in the caller's scope
// and period (`workTask/qc/list`) and the inspectors' verdict on one or many (`workTask/qc/check`,
// answering how many were checked and which were left alone, and why).

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@/generated/Page';
import type { WorkTaskCheck } from '@/generated/WorkTaskCheck';
import type { WorkTaskCheckResult } from '@/generated/WorkTaskCheckResult';
import type { WorkTaskRow } from '@/generated/WorkTaskRow';
import type { WorkTaskSearch } from '@/generated/WorkTaskSearch';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { invalidateWorkTasks, workTaskKeys } from './work-task-keys';

/** POST /api/workTask/qc/list (an empty page when the server answers nothing). */
export async function getQcTasks(search: WorkTaskSearch, options?: RequestOptions): Promise<Page<WorkTaskRow>> {
  const page = await api.post<Page<WorkTaskRow> | null>('/api/workTask/qc/list', search, options);
  return page && Array.isArray(page.records)
    ? page
    : { records: [], total: 0, pageNo: search.pageNo ?? 1, pageSize: search.pageSize ?? 0 };
}

export function qcTasksQueryOptions(search: WorkTaskSearch) {
  return queryOptions({
    queryKey: workTaskKeys.qcPage(search),
    queryFn: (context) => getQcTasks(search, readOptions(context)),
  });
}

/** The page shown stays while the next one is read. */
export function useQcTasks(search: WorkTaskSearch) {
  return useQuery({ ...qcTasksQueryOptions(search), placeholderData: keepPreviousData });
}

/** POST /api/workTask/qc/check */
export function checkWorkTasks(body: WorkTaskCheck): Promise<WorkTaskCheckResult> {
  return api.post<WorkTaskCheckResult>('/api/workTask/qc/check', body);
}

/** A check changes the tasks, the lists and the statistics. */
export function useCheckWorkTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkWorkTasks,
    onSuccess: () => invalidateWorkTasks(queryClient),
  });
}
