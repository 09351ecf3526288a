// POST /api/producer_api/submitExcelTask (01 §4 "Export"): 已加入到下载队列 and the queue count on
// success; the over-limit answer is shown as a warning; other failures are only logged (01 §8).
// A list that knows its row count checks the limit first and submits nothing above it (01 §5).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXPORT_FILE_TYPE } from '@/config/constants';
import { ErrorCode } from '@/generated/codes';
import type { ExcelTaskRequest } from '@/generated/ExcelTaskRequest';
import type { QueueCount } from '@/generated/QueueCount';
import { api, isApiError } from '@/lib/api-client';
import { showInfo, showWarning } from '@/lib/toast';
import { answerQueueCount, countsVersion, refreshDownloadLists } from '../download-cache';
import { EXPORT_OVER_LIMIT_TEXT, exceedsExportLimit, QUEUED_TEXT } from '../download-rules';

export type ExcelExport = Omit<ExcelTaskRequest, 'fileType'> & { fileType?: number };

/** File type 3 by default. Quiet: the hook decides what the user sees. */
export function submitExcelTask(task: ExcelExport): Promise<QueueCount> {
  return api.post<QueueCount>(
    '/api/producer_api/submitExcelTask',
    { fileType: EXPORT_FILE_TYPE, ...task },
    { quiet: true, noLoading: true },
  );
}

export function useSubmitExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitExcelTask,
    onMutate: () => ({ counts: countsVersion(client) }),
    onSuccess: ({ queueCount }, _task, started) => {
      answerQueueCount(client, started.counts, queueCount);
      showInfo(QUEUED_TEXT);
      void refreshDownloadLists(client);
    },
    onError: (e) => {
      if (isApiError(e) && e.message === EXPORT_OVER_LIMIT_TEXT) showWarning(EXPORT_OVER_LIMIT_TEXT);
      else if (!isApiError(e, ErrorCode.LoginExpired)) console.warn('加入下载队列失败', e);
    },
  });
}

/** Exports a list of `total` rows: above the row limit, the warning and nothing submitted. */
export function useSubmitListExport(): (task: ExcelExport, total: number) => void {
  const submit = useSubmitExport();
  return (task, total) => {
    if (exceedsExportLimit(total)) showWarning(EXPORT_OVER_LIMIT_TEXT);
    else submit.mutate(task);
  };
}
