// POST /api/download/reDownload: a failed task (status 5) is queued again; it shows 生成中 (2) at
// once and the queue count follows the answer, unless a push said more meanwhile.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueCount } from '@/generated/QueueCount';
import { api } from '@/lib/api-client';
import { showInfo } from '@/lib/toast';
import { answerQueueCount, countsVersion, setTaskStatus } from '../download-cache';
import { FileStatus, QUEUED_TEXT } from '../download-rules';

export function reDownload(id: number): Promise<QueueCount> {
  return api.post<QueueCount>('/api/download/reDownload', { id }, { noLoading: true });
}

export function useRetryDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reDownload,
    onMutate: () => ({ counts: countsVersion(client) }),
    onSuccess: ({ queueCount }, id, started) => {
      if (answerQueueCount(client, started.counts, queueCount)) setTaskStatus(client, id, FileStatus.Generating);
      showInfo(QUEUED_TEXT);
    },
  });
}
