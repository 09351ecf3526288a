// The open statistics follow their camp live (no poll): a student's progress or a change of the
// camp's state (publish, pause, shutdown) pushed as `magic_camp_changed` reads that camp's
// figures again; a structure change reads its phases (the task pickers) again; a state change
// also the camp list (statuses). After a reconnect everything but the code tables is read again.

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { CampChange } from '@/generated/CampChange';
import { coalesce } from '@/lib/coalesce';
import type { RealtimeClient } from '@/lib/realtime';
import { realtime } from '@/lib/realtime';
import { useCampChanges } from '../api/use-camp-changes';
import { campStatsKeys } from './api/stats-keys';

/** Marks what `change` makes stale; the queries on screen are read again at once. */
export function applyCampChange(queryClient: QueryClient, change: CampChange, campId: number | null): Promise<void> {
  const jobs: Promise<void>[] = [];
  if (change.kind === 'state') jobs.push(queryClient.invalidateQueries({ queryKey: campStatsKeys.camps() }));
  if (change.campId === campId) {
    if (change.kind === 'progress' || change.kind === 'state') {
      jobs.push(queryClient.invalidateQueries({ queryKey: campStatsKeys.camp(campId) }));
    }
    if (change.kind === 'structure' || change.kind === 'state') {
      jobs.push(queryClient.invalidateQueries({ queryKey: campStatsKeys.phases(campId) }));
    }
  }
  return Promise.all(jobs).then(() => undefined);
}

/** Progress pushes of one camp read its figures again at most once per this window. */
export const PROGRESS_WINDOW_MS = 2000;

/**
 * Follows the pushes of the camp on screen (`campId`, null while none is). Progress comes in
 * bursts (a class finishing a task together), so it is coalesced: at once, then at most once
 * per `PROGRESS_WINDOW_MS`.
 */
export function useStatisticsLive(campId: number | null, client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient();
  const progress = useMemo(
    () =>
      coalesce(
        () => void applyCampChange(queryClient, { campId: campId ?? 0, kind: 'progress' }, campId),
        PROGRESS_WINDOW_MS,
      ),
    [queryClient, campId],
  );
  useEffect(() => () => progress.cancel(), [progress]);
  useCampChanges(
    (change) => {
      if (change.kind === 'progress' && change.campId === campId) progress();
      else void applyCampChange(queryClient, change, campId);
    },
    () =>
      void queryClient.invalidateQueries({
        queryKey: campStatsKeys.all,
        predicate: (query) => query.queryKey[1] !== campStatsKeys.enums()[1],
      }),
    client,
  );
}
