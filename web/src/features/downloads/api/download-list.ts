import { DOWNLOAD_LIST_PAGE_SIZE } from '@/config/constants';
import { api } from '@/lib/api-client';
import type { DownloadTask, Page } from '@/lib/wire-types';

export interface DownloadList {
  tasks: DownloadTask[];
  total: number;
}

/** POST /api/download/downloadList (page 1, 5 items); the server may not offer it yet. */
export async function getDownloadList(): Promise<DownloadList> {
  const data = await api.post<Page<DownloadTask> | DownloadTask[] | null>(
    '/api/download/downloadList',
    { pageSize: DOWNLOAD_LIST_PAGE_SIZE, pageNo: 1 },
    { quiet: true, noLoading: true },
  );
  if (Array.isArray(data)) return { tasks: data, total: data.length };
  if (data && Array.isArray(data.records)) return { tasks: data.records, total: data.total ?? data.records.length };
  return { tasks: [], total: 0 };
}

/** Download task status texts (spec 01 §4). */
export const DOWNLOAD_STATUS_TEXT: Record<number, string> = {
  1: '等待生成',
  2: '生成中',
  3: '可下载',
  4: '已下载',
  5: '重试',
};
