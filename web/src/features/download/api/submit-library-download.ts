// POST /api/download/library/submit: queues a library paper (切片库, 教辅库, 教材库; a handout goes
// through download/paper/submit) as a Word document or a PDF: 已加入到下载队列 and the queue count;
// the popover follows the task through its magic_001 pushes. Not quiet: a failure shows the
// server's message.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DownloadSubmitted } from '@/generated/DownloadSubmitted';
import type { PaperDownloadRequest } from '@/generated/PaperDownloadRequest';
import { api } from '@/lib/api-client';
import { showInfo } from '@/lib/toast';
import { answerQueueCount, countsVersion, refreshDownloadLists } from '../download-cache';
import { QUEUED_TEXT } from '../download-rules';
import type { PaperDownload } from './submit-paper-download';

export function submitLibraryDownload({ paperId, format }: PaperDownload): Promise<DownloadSubmitted> {
  const body: PaperDownloadRequest = format ? { paperId, format } : { paperId };
  return api.post<DownloadSubmitted>('/api/download/library/submit', body, { noLoading: true });
}

export function useSubmitLibraryDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitLibraryDownload,
    onMutate: () => ({ counts: countsVersion(client) }),
    onSuccess: ({ queueCount }, _download, started) => {
      answerQueueCount(client, started.counts, queueCount);
      showInfo(QUEUED_TEXT);
      void refreshDownloadLists(client);
    },
  });
}
