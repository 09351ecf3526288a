// Test helpers of the download components: tasks, and the app's download push handling.

import type { ReactNode } from 'react';
import type { DownloadStatus } from '@/generated/DownloadStatus';
import type { DownloadTask } from '@/generated/DownloadTask';
import type { PushContent } from '@/generated/PushContent';
import type { RealtimeClient } from '@/lib/realtime';
import { pushContent } from '@/testing/fake-socket';
import { useDownloadRealtime } from '../hooks/use-download-realtime';

export function task(id: number, fileStatus: number, patch: Partial<DownloadTask> = {}): DownloadTask {
  const ready = fileStatus === 3 || fileStatus === 4;
  return {
    id,
    fileName: `通知列表${id}.xlsx`,
    filePath: ready ? `/api/download/file/${id}` : '',
    filePathVersion: 1,
    fileStatus,
    fileType: 3,
    businessId: '',
    fileSize: ready ? 2048 : 0,
    createTimeMillis: new Date(2026, 10, 22, 10, 30).getTime(),
    extraInfo: { resourceType: 0, ext: 'xlsx' },
    error: '',
    ...patch,
  };
}

/** A magic_001 content for task `id` (`status` over the fields a status change carries). */
export function push(
  id: number,
  fileStatus: number | null,
  queueCount = 0,
  doneCount = 0,
  error = '',
  status: Partial<DownloadStatus> = {},
): PushContent {
  const value: DownloadStatus = { fileName: `通知列表${id}.xlsx`, queueCount, doneCount, error, ...status };
  return pushContent({ id, fileStatus, value });
}

/** A magic_001 progress report: task `id` is generating, `progress` percent written. */
export function progressPush(id: number, progress: number, queueCount = 1, doneCount = 0): PushContent {
  const value: DownloadStatus = { progress, queueCount, doneCount };
  return pushContent({ id, fileStatus: 2, value });
}

/** A list page as downloadList answers it. */
export function listPage(records: DownloadTask[], pageSize = 5) {
  return { records, total: records.length, pageNo: 1, pageSize };
}

/** The app's download push handling (the main layout mounts it) around `children`. */
export function WithDownloadPushes({ client, children }: { client: RealtimeClient; children: ReactNode }) {
  useDownloadRealtime(client);
  return children;
}
