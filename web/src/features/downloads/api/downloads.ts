// The download queue and export calls (spec 01 §7 "Downloads and export").

import { DOWNLOAD_LIST_PAGE_SIZE, EXPORT_FILE_TYPE } from '@/config/constants';
import { api } from '@/lib/api-client';
import type {
  DownloadCheck,
  DownloadListRequest,
  DownloadSubmitted,
  DownloadTask,
  ExcelTaskRequest,
  Page,
  PaperDownloadRequest,
  QueueCount,
} from '@/lib/wire-types';

export interface DownloadList {
  tasks: DownloadTask[];
  total: number;
}

const QUIET = { quiet: true, noLoading: true } as const;

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

/**
 * POST /api/download/downloadList: a page of the user's tasks, newest first (page 1 of 5 by
 * default), only those matching `filters` when given.
 */
export async function getDownloadList(
  pageNo = 1,
  pageSize = DOWNLOAD_LIST_PAGE_SIZE,
  filters: DownloadFilters = {},
): Promise<DownloadList> {
  const body: DownloadListRequest = { pageNo, pageSize, ...downloadFilterParams(filters) };
  const data = await api.post<Page<DownloadTask> | null>('/api/download/downloadList', body, QUIET);
  if (data && Array.isArray(data.records)) return { tasks: data.records, total: data.total };
  return { tasks: [], total: 0 };
}

/**
 * POST /api/download/downloadCheck: queue and done counts. Only the fallback poll uses it, while
 * the real-time connection is down; otherwise magic_001 pushes carry the counts.
 */
export function checkDownloads(): Promise<DownloadCheck> {
  return api.post<DownloadCheck>('/api/download/downloadCheck', undefined, QUIET);
}

/** POST /api/download/reDownload: queues a failed task (status 5) again. */
export function reDownload(id: number): Promise<QueueCount> {
  return api.post<QueueCount>('/api/download/reDownload', { id }, { noLoading: true });
}

/** POST /api/download/deleteTask */
export function deleteDownloadTask(id: number): Promise<unknown> {
  return api.post('/api/download/deleteTask', { id }, { noLoading: true });
}

/** POST /api/producer_api/queryRemainingCount: the user's queued and ready counts. */
export function queryRemainingCount(): Promise<QueueCount & { doneCount?: number }> {
  return api.post<QueueCount & { doneCount?: number }>('/api/producer_api/queryRemainingCount', undefined, QUIET);
}

export type ExcelExport = Omit<ExcelTaskRequest, 'fileType'> & { fileType?: number };

/**
 * POST /api/producer_api/submitExcelTask (file type 3 by default). Quiet: the caller decides
 * what the user sees (the over-limit warning; other failures are only logged, 01 §8).
 */
export function submitExcelTask(task: ExcelExport): Promise<QueueCount> {
  return api.post<QueueCount>('/api/producer_api/submitExcelTask', { fileType: EXPORT_FILE_TYPE, ...task }, QUIET);
}

/**
 * POST /api/download/paper/submit: queues a paper (handout) as a Word document. Not quiet: a
 * failure shows the server's message.
 */
export function submitPaperDownload(paperId: number): Promise<DownloadSubmitted> {
  const body: PaperDownloadRequest = { paperId };
  return api.post<DownloadSubmitted>('/api/download/paper/submit', body, { noLoading: true });
}
