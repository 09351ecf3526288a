// The caller's own work tasks (我的任务): a page of them, the most pressing first
// (`workTask/my/list`), and how many there are by state (`workTask/my/count`).

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyWorkTaskCount } from '@/generated/MyWorkTaskCount';
import type { MyWorkTaskSearch } from '@/generated/MyWorkTaskSearch';
import type { Page } from '@/generated/Page';
import type { WorkTaskRow } from '@/generated/WorkTaskRow';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { workTaskKeys } from './work-task-keys';

/** POST /api/workTask/my/list (an empty page when the server answers nothing). */
export async function getMyTasks(search: MyWorkTaskSearch, options?: RequestOptions): Promise<Page<WorkTaskRow>> {
  const page = await api.post<Page<WorkTaskRow> | null>('/api/workTask/my/list', search, options);
  return page && Array.isArray(page.records)
    ? page
    : { records: [], total: 0, pageNo: search.pageNo ?? 1, pageSize: search.pageSize ?? 0 };
}

export function myTasksQueryOptions(search: MyWorkTaskSearch) {
  return queryOptions({
    queryKey: workTaskKeys.myPage(search),
    queryFn: (context) => getMyTasks(search, readOptions(context)),
  });
}

/** The page shown stays while the next one is read. */
export function useMyTasks(search: MyWorkTaskSearch) {
  return useQuery({ ...myTasksQueryOptions(search), placeholderData: keepPreviousData });
}

/** GET /api/workTask/my/count (no loading: the cards show beside the list). */
export function getMyTaskCount(): Promise<MyWorkTaskCount> {
  return api.get<MyWorkTaskCount>('/api/workTask/my/count', { noLoading: true });
}

export function myTaskCountQueryOptions() {
  return queryOptions({ queryKey: workTaskKeys.myCount(), queryFn: getMyTaskCount });
}

export function useMyTaskCount() {
  return useQuery(myTaskCountQueryOptions());
}
