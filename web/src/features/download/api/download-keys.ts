// The query keys of the download queue's server state. Everything under `all`: the lists (one
// per page, size and filters) and the queue counts.

import type { DownloadListRequest } from '@/generated/DownloadListRequest';

/**
 * The download history's filters: the same fields go to downloadList and, as `reqParams`, to the
 * `downloadHistory` export, so the exported file holds what the list shows.
 */
export type DownloadFilters = Omit<DownloadListRequest, 'pageNo' | 'pageSize'>;

/** The filters that are set (a trimmed keyword, at least one status); {} lists everything. */
export function downloadFilterParams(filters: DownloadFilters): DownloadFilters {
  const params: DownloadFilters = {};
  const keyword = filters.keyword?.trim();
  if (keyword) params.keyword = keyword;
  if (filters.fileStatus && filters.fileStatus.length > 0) params.fileStatus = [...filters.fileStatus];
  if (filters.startTime !== undefined) params.startTime = filters.startTime;
  if (filters.endTime !== undefined) params.endTime = filters.endTime;
  return params;
}

export interface DownloadListParams {
  pageNo: number;
  pageSize: number;
  filters: DownloadFilters;
}

export const downloadKeys = {
  all: ['downloads'] as const,
  lists: () => [...downloadKeys.all, 'list'] as const,
  list: (pageNo: number, pageSize: number, filters: DownloadFilters = {}) =>
    [...downloadKeys.lists(), { pageNo, pageSize, filters: downloadFilterParams(filters) }] as const,
  counts: () => [...downloadKeys.all, 'counts'] as const,
};

export type DownloadListKey = ReturnType<typeof downloadKeys.list>;
