// One upload item (spec 01 §3 "Upload item"; §4, §8 texts): its statuses and texts, the
// failure texts of a step, and its progress rule.

import type { ResourceItem } from '@/generated/ResourceItem';
import type { StorageCertificate } from '@/generated/StorageCertificate';
import type { UploadClass } from '@/generated/UploadClass';
import type { UploadedFile } from '@/generated/UploadedFile';
import { isApiError } from '@/lib/api-client';
import type { CampContext } from './upload-rules';

/** The item's `status` (01 §3): -1 failed, 0 waiting, 1 uploading, 2 success. */
export const UploadStatus = {
  Failed: -1,
  Waiting: 0,
  Uploading: 1,
  Success: 2,
} as const;

export type UploadStatusCode = (typeof UploadStatus)[keyof typeof UploadStatus];

/** The item's `uploadStatus` texts (01 §4 "Upload", §8). */
export const UPLOAD_TEXT = {
  waiting: '等待中',
  uploading: '上传中',
  uploaded: '上传完成',
  saved: '已保存',
  addedToCamp: '已添加到营',
  saveFailed: '保存失败',
  networkAnomaly: '网络异常',
  networkError: '网络错误',
  noProgress: '无法计算进度',
  failed: '文件上传失败，请重试',
} as const;

/** The error of an item whose file could not be made a camp task (03 §8). */
export const ADD_TASK_FAILED_TEXT = '添加到任务中失败';

/** The toast when the browser cannot compute an upload's progress (01 §8). */
export const NO_PROGRESS_MESSAGE = '无法计算文件上传进度';

/**
 * The status text of a failed upload step: 网络错误 when the request never got an answer,
 * 网络异常 on a timeout or a gateway failure, else 文件上传失败，请重试. `detail` is the
 * server's own message (e.g. an A0400 refusal), shown with it.
 */
export function failureOf(e: unknown): { text: string; detail: string | null } {
  if (isApiError(e)) {
    if (e.code === 'NETWORK') return { text: UPLOAD_TEXT.networkError, detail: null };
    if (e.code === 'TIMEOUT') return { text: UPLOAD_TEXT.networkAnomaly, detail: null };
    if (e.code.startsWith('HTTP_')) {
      return e.status === 0 || e.status >= 500
        ? { text: UPLOAD_TEXT.networkAnomaly, detail: null }
        : { text: UPLOAD_TEXT.failed, detail: e.message };
    }
    if (e.code === 'CANCELLED') return { text: UPLOAD_TEXT.failed, detail: null };
    return { text: UPLOAD_TEXT.failed, detail: e.message };
  }
  return { text: UPLOAD_TEXT.failed, detail: null };
}

export interface UploadItem {
  uid: string;
  file: File;
  /** The server's id of the upload, once opened (a fresh retry replaces it). */
  fileId: string | null;
  /** The name it is stored under (01 §5: non-word characters → `_`, at most 95 characters). */
  fileName: string;
  size: number;
  cls: UploadClass;
  /** 0–100; never goes backwards within an attempt. */
  progress: number;
  /** The status text. */
  uploadStatus: string;
  status: UploadStatusCode;
  /** The server's message of the last failure. */
  error: string | null;
  /** Media and images: the signed PUT URL. */
  uploadUrl: string | null;
  /** Documents: the credential of the sliced upload. */
  certificate: StorageCertificate | null;
  /** Documents: slices already stored (a retry with the same credential skips them). */
  sentSlices: number[];
  /** Set once the bytes are up: a retry after a failed save only saves. */
  uploaded: UploadedFile | null;
  /** Set once saved. */
  resource: ResourceItem | null;
  /** The camp phase the finished file goes to as a task, or null for a plain upload. */
  camp: CampContext | null;
  /** The camp task made of this file (or whose file it replaces). */
  taskId: number | null;
}

/** A progress update: percent rounded down, at most 99 until the upload completes, never lower. */
export function withProgress(item: UploadItem, fraction: number | null): UploadItem {
  if (fraction === null)
    return item.uploadStatus === UPLOAD_TEXT.noProgress ? item : { ...item, uploadStatus: UPLOAD_TEXT.noProgress };
  const percent = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
  const uploadStatus = UPLOAD_TEXT.uploading;
  if (percent <= item.progress && item.uploadStatus === uploadStatus) return item;
  return { ...item, progress: Math.max(item.progress, percent), uploadStatus };
}
