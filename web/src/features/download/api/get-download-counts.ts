// The queue figures: POST /api/producer_api/queryRemainingCount at load, then the figures every
// magic_001 push carries. POST /api/download/downloadCheck only serves the fallback poll while
// the real-time connection is down.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DownloadCheck } from '@/generated/DownloadCheck';
import { api } from '@/lib/api-client';
import { downloadKeys } from './download-keys';

const QUIET = { quiet: true, noLoading: true } as const;

/** The counts as known: `doneCount` null until read (a queueing call answers only the queue count). */
export interface DownloadCounts {
  queueCount: number;
  doneCount: number | null;
}

/** POST /api/producer_api/queryRemainingCount: the user's queued and ready counts. */
export function getDownloadCounts(): Promise<DownloadCheck> {
  return api.post<DownloadCheck>('/api/producer_api/queryRemainingCount', undefined, QUIET);
}

/** POST /api/download/downloadCheck: the fallback poll's read (socket down only). */
export function checkDownloads(): Promise<DownloadCheck> {
  return api.post<DownloadCheck>('/api/download/downloadCheck', undefined, QUIET);
}

export function downloadCountsQueryOptions() {
  return queryOptions({
    queryKey: downloadKeys.counts(),
    queryFn: async ({ client, queryKey }): Promise<DownloadCounts> => {
      const before = client.getQueryState<DownloadCounts>(queryKey)?.dataUpdateCount ?? 0;
      const read = await getDownloadCounts();
      // A push (or a queueing call's answer) that landed while this was read is newer.
      const now = client.getQueryState<DownloadCounts>(queryKey);
      return now?.data !== undefined && now.dataUpdateCount !== before ? now.data : read;
    },
  });
}

export function useDownloadCounts() {
  return useQuery(downloadCountsQueryOptions());
}

/** The counts shown; while doneCount is not known, the ready tasks of the recent list count. */
export function shownCounts(counts: DownloadCounts | undefined, readyInRecent: number): DownloadCheck {
  if (!counts) return { queueCount: 0, doneCount: 0 };
  return { queueCount: counts.queueCount, doneCount: counts.doneCount ?? readyInRecent };
}
