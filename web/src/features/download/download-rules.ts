// The download queue's rules (spec 01 §2 "Download popover", §4 "Download task status"): status
// codes and texts, the names shown, the badge, the click throttle. Pure functions.

import { Limits } from '@/generated/codes';
import type { DownloadCheck } from '@/generated/DownloadCheck';
import type { DownloadTask } from '@/generated/DownloadTask';
import { formatDateTime } from '@/lib/format';

export const FileStatus = {
  Waiting: 1,
  Generating: 2,
  Ready: 3,
  Downloaded: 4,
  Retry: 5,
} as const;

/** Download task status texts (spec 01 §4). */
export const DOWNLOAD_STATUS_TEXT: Readonly<Record<number, string>> = {
  1: '等待生成',
  2: '生成中',
  3: '可下载',
  4: '已下载',
  5: '重试',
};

export const DOWNLOADING_TEXT = '正在下载中，请勿重复点击';
export const QUEUED_TEXT = '已加入到下载队列';
/** A queued export whose file the user fetches later: where it will be. */
export const QUEUED_IN_CENTRE_TEXT = '已加入到下载队列，生成后可在下载中心下载';
export const GENERATED_TEXT = '文件生成完成';
export const EXPORT_OVER_LIMIT_TEXT = '导出数据超过10万条，请调整筛选条件后重新导出';

/** A list of `total` rows is too long to export: refused before anything is submitted (01 §5). */
export function exceedsExportLimit(total: number, limit: number = Limits.EXPORT_ROW_LIMIT): boolean {
  return total > limit;
}

export function statusText(status: number | null | undefined): string {
  return status === null || status === undefined ? '' : (DOWNLOAD_STATUS_TEXT[status] ?? '');
}

/** Whether a task in `status` has its file (ready or downloaded). */
export function hasFile(status: number): boolean {
  return status === FileStatus.Ready || status === FileStatus.Downloaded;
}

/** Where a ready (3) or downloaded (4) task's file is fetched. */
export function filePathOf(id: number): string {
  return `/api/download/file/${id}`;
}

/** The name shown for a task: the file name, with its extension when the name lacks it. */
export function displayName(task: Pick<DownloadTask, 'fileName' | 'extraInfo'>): string {
  const ext = task.extraInfo.ext;
  if (!ext || task.fileName.toLowerCase().endsWith(`.${ext.toLowerCase()}`)) return task.fileName;
  return `${task.fileName}.${ext}`;
}

/** YYYY-MM-DD HH:mm of a task's creation, '-' when unknown. */
export function taskTime(millis: number | null | undefined): string {
  if (!millis) return '-';
  const date = new Date(millis);
  return Number.isNaN(date.getTime()) ? '-' : formatDateTime(date);
}

/** The badge count: tasks queued plus files ready and not downloaded yet. */
export function badgeCount(counts: DownloadCheck): number {
  return Math.max(0, counts.queueCount) + Math.max(0, counts.doneCount);
}

/** One call per `ms`: answers whether this call may go ahead. */
export function createThrottle(ms: number, now: () => number = () => Date.now()): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}
