// POST /api/download/paper/submit: queues a paper (handout) as a Word document (下载讲义) or a PDF: 已加入到
// 下载队列 and the queue count; the popover follows the task through its magic_001 pushes. Not
// quiet: a failure shows the server's message.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DownloadSubmitted } from '@/generated/DownloadSubmitted';
import type { PaperFileFormat } from '@/generated/PaperFileFormat';
import type { PaperDownloadRequest } from '@/generated/PaperDownloadRequest';
import { api } from '@/lib/api-client';
import { showInfo } from '@/lib/toast';
import { answerQueueCount, countsVersion, refreshDownloadLists } from '../download-cache';
import { QUEUED_TEXT } from '../download-rules';

export interface PaperDownload {
  paperId: number;
  /** Word when absent (the server's default). */
  format?: PaperFileFormat;
}

export function submitPaperDownload({ paperId, format }: PaperDownload): Promise<DownloadSubmitted> {
  const body: PaperDownloadRequest = format ? { paperId, format } : { paperId };
  return api.post<DownloadSubmitted>('/api/download/paper/submit', body, { noLoading: true });
}

export function useSubmitPaperDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitPaperDownload,
    onMutate: () => ({ counts: countsVersion(client) }),
    onSuccess: ({ queueCount }, _download, started) => {
      answerQueueCount(client, started.counts, queueCount);
      showInfo(QUEUED_TEXT);
      void refreshDownloadLists(client);
    },
  });
}
