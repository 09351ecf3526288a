import { hashKey, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DOWNLOAD_POLL_MS } from '@/config/constants';
import { TypeCode } from '@/generated/codes';
import { type ConnectionState, realtime, type RealtimeClient } from '@/lib/realtime';
import { showSuccess } from '@/lib/toast';
import { downloadKeys } from '../api/download-keys';
import { checkDownloads, type DownloadCounts } from '../api/get-download-counts';
import { applyDownloadPush, refreshDownloadLists } from '../download-cache';
import { transferStore } from '../download-file';
import { parseDownloadPush } from '../download-push';
import { GENERATED_TEXT } from '../download-rules';

/**
 * One tick of the fallback poll (socket down): reads downloadCheck into the counts; at queue count
 * 0 it says 文件生成完成 when files are done and reads the lists again. Answers whether to keep
 * polling.
 */
export async function pollDownloadsOnce(queryClient: QueryClient): Promise<boolean> {
  if (transferStore.get()) return true;
  try {
    const { queueCount, doneCount } = await checkDownloads();
    queryClient.setQueryData<DownloadCounts>(downloadKeys.counts(), { queueCount, doneCount });
    if (queueCount > 0) return true;
    if (doneCount !== 0) showSuccess(GENERATED_TEXT);
    void refreshDownloadLists(queryClient);
    return false;
  } catch {
    return true;
  }
}

/** The fallback poll runs only while the connection is known to be down. */
const pollsIn = (state: ConnectionState) => state === 'reconnecting';

/**
 * Follows magic_001 pushes into the download queries (every list and the counts; 文件生成完成
 * when a task turns ready) and reads them again after a reconnect. downloadCheck is polled every
 * 3 s only while the socket is down and the queue is not empty; never while it is open. Mounted
 * once, by the main layout.
 */
export function useDownloadRealtime(client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let disposed = false;
    const countsHash = hashKey(downloadKeys.counts());
    const queued = () => (queryClient.getQueryData<DownloadCounts>(downloadKeys.counts())?.queueCount ?? 0) > 0;

    let timer: ReturnType<typeof setTimeout> | null = null;
    let polling = false;
    const stopPoll = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      polling = false;
    };
    // A function, not the variable: the cleanup may run while a tick awaits.
    const goesOn = () => !disposed && pollsIn(client.state);
    const tick = async () => {
      timer = null;
      if (!goesOn()) {
        stopPoll();
        return;
      }
      const again = await pollDownloadsOnce(queryClient);
      if (!again || !goesOn()) {
        stopPoll();
        return;
      }
      timer = setTimeout(() => void tick(), DOWNLOAD_POLL_MS);
    };
    const maybePoll = () => {
      if (polling) {
        if (!pollsIn(client.state)) stopPoll();
        return;
      }
      if (pollsIn(client.state) && queued()) {
        polling = true;
        timer = setTimeout(() => void tick(), DOWNLOAD_POLL_MS);
      }
    };

    const offs = [
      client.subscribe(TypeCode.DownloadStatusChanged, (m) => {
        const push = parseDownloadPush(m.content);
        if (push && applyDownloadPush(queryClient, push)) showSuccess(GENERATED_TEXT);
      }),
      client.onReconnected(() => void queryClient.invalidateQueries({ queryKey: downloadKeys.all })),
      client.stateSource.subscribe(maybePoll),
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.query.queryHash === countsHash) maybePoll();
      }),
    ];
    return () => {
      disposed = true;
      stopPoll();
      offs.forEach((off) => off());
    };
  }, [client, queryClient]);
}
