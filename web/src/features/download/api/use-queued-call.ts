// Another feature's own queueing call (an export with its own endpoint answering the queue count,
// e.g. an exam group's members): the count follows its answer unless a push said more meanwhile,
// the lists read again, and the user is told the file will be in 下载中心.

import { useQueryClient } from '@tanstack/react-query';
import type { QueueCount } from '@/generated/QueueCount';
import { showInfo } from '@/lib/toast';
import { answerQueueCount, countsVersion, refreshDownloadLists } from '../download-cache';
import { QUEUED_IN_CENTRE_TEXT } from '../download-rules';

export function useQueuedCall(): (call: () => Promise<QueueCount>) => Promise<QueueCount> {
  const client = useQueryClient();
  return async (call) => {
    const version = countsVersion(client);
    const answer = await call();
    answerQueueCount(client, version, answer.queueCount);
    showInfo(QUEUED_IN_CENTRE_TEXT);
    void refreshDownloadLists(client);
    return answer;
  };
}
