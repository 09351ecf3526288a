// POST /api/download/downloadList (spec 01 §7 "Downloads and export"): a page of the user's
// tasks, newest first.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Limits } from '@/generated/codes';
import type { DownloadListRequest } from '@/generated/DownloadListRequest';
import type { DownloadTask } from '@/generated/DownloadTask';
import type { Page } from '@/generated/Page';
import { api } from '@/lib/api-client';
import { keepNewerTasks } from '../download-push';
import { type DownloadFilters, downloadFilterParams, downloadKeys } from './download-keys';

export interface DownloadList {
  tasks: DownloadTask[];
  total: number;
}

/** Page 1 of `pageSize` by default, only the tasks matching `filters` when given. */
export async function getDownloadList(
  pageNo = 1,
  pageSize: number = Limits.DOWNLOAD_LIST_PAGE_SIZE,
  filters: DownloadFilters = {},
): Promise<DownloadList> {
  const body: DownloadListRequest = { pageNo, pageSize, ...downloadFilterParams(filters) };
  const data = await api.post<Page<DownloadTask> | null>('/api/download/downloadList', body, {
    quiet: true,
    noLoading: true,
  });
  if (data && Array.isArray(data.records)) return { tasks: data.records, total: data.total };
  return { tasks: [], total: 0 };
}

export function downloadListQueryOptions(pageNo: number, pageSize: number, filters: DownloadFilters = {}) {
  return queryOptions({
    queryKey: downloadKeys.list(pageNo, pageSize, filters),
    queryFn: async ({ client, queryKey }) => {
      const read = await getDownloadList(pageNo, pageSize, filters);
      // A push that arrived while the page was read may carry a newer state of a task.
      const cached = client.getQueryData<DownloadList>(queryKey);
      return cached ? { ...read, tasks: keepNewerTasks(read.tasks, cached.tasks) } : read;
    },
  });
}

/** The popover's recent tasks: page 1 of 5, unfiltered. */
export function recentDownloadsQueryOptions() {
  return downloadListQueryOptions(1, Limits.DOWNLOAD_LIST_PAGE_SIZE);
}

/** A page of the history; the page shown stays while the next one is read. */
export function useDownloadList(pageNo: number, pageSize: number, filters: DownloadFilters = {}) {
  return useQuery({ ...downloadListQueryOptions(pageNo, pageSize, filters), placeholderData: keepPreviousData });
}

export function useRecentDownloads() {
  return useQuery(recentDownloadsQueryOptions());
}
