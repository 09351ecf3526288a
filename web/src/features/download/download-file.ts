// Fetching a ready task's file (spec 01 §7): a blob with progress, saved under the task's name.
// The file being fetched is client state (one at a time); the server marks the task downloaded
// on the first complete fetch (and pushes it), the lists show 4 at once.

import type { QueryClient } from '@tanstack/react-query';
import type { DownloadTask } from '@/generated/DownloadTask';
import { showError } from '@/lib/api-client';
import { downloadFileName } from '@/lib/file-names';
import { createStore, useStore } from '@/lib/store';
import { setTaskStatus } from './download-cache';
import { displayName, FileStatus, filePathOf } from './download-rules';

export interface Transfer {
  id: number;
  loaded: number;
  /** Bytes expected (Content-Length), null when unknown. */
  total: number | null;
}

/** The file being fetched, if any. */
export const transferStore = createStore<Transfer | null>(null);

export function useTransfer(): Transfer | null {
  return useStore(transferStore);
}

/** Reads an error envelope out of a failed file response. */
async function failureMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { msg?: string } | null;
    if (body?.msg) return body.msg;
  } catch {
    // not JSON
  }
  return `下载失败（${response.status}）`;
}

/** Saves a blob under `name` through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GETs a ready (or already downloaded) task's file with progress and saves it; the task shows
 * 已下载 (4) once saved.
 */
export async function downloadTaskFile(client: QueryClient, task: DownloadTask): Promise<boolean> {
  const url = task.filePath || filePathOf(task.id);
  transferStore.set({ id: task.id, loaded: 0, total: task.fileSize || null });
  try {
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) {
      showError(await failureMessage(response));
      return false;
    }
    const length = Number(response.headers.get('Content-Length'));
    const total = Number.isFinite(length) && length > 0 ? length : task.fileSize || null;
    let blob: Blob;
    if (response.body) {
      const reader = response.body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let loaded = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        loaded += value.byteLength;
        transferStore.set({ id: task.id, loaded, total });
      }
      blob = new Blob(chunks, { type: response.headers.get('Content-Type') ?? 'application/octet-stream' });
    } else {
      blob = await response.blob();
    }
    saveBlob(blob, downloadFileName(displayName(task)));
    setTaskStatus(client, task.id, FileStatus.Downloaded);
    return true;
  } catch (e) {
    showError(e instanceof Error ? `下载失败：${e.message}` : '下载失败');
    return false;
  } finally {
    transferStore.set(null);
  }
}
