// Checks of service punches (spec 02 §7.6): one punch (`qc/singleQc`, answering the punch as it
// now stands) or the result of several (`qc/bathUpdateResultStatus`). Either changes the QC list,
// the punch pages, the punches' details and the statistics.

import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchResultStatus } from '@/generated/BatchResultStatus';
import type { Changed } from '@/generated/Changed';
import type { PunchDetail } from '@/generated/PunchDetail';
import type { ServicePunchRow } from '@/generated/ServicePunchRow';
import type { SingleQc } from '@/generated/SingleQc';
import { api } from '@/lib/api-client';
import { qcKeys } from './qc-keys';

/** Reads again what a check (or a deleted punch) changes. */
export function invalidateChecked(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [qcKeys.employees(), qcKeys.punches(), qcKeys.stats()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}

/** POST /api/qc/singleQc */
export function singleQc(body: SingleQc): Promise<ServicePunchRow> {
  return api.post<ServicePunchRow>('/api/qc/singleQc', body);
}

export function useSingleQc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: singleQc,
    onSuccess: (punch) => {
      queryClient.setQueryData<PunchDetail>(qcKeys.punch(punch.punchId), (detail) =>
        detail ? { ...detail, punch } : detail,
      );
      // The detail's review history gained this check.
      void queryClient.invalidateQueries({ queryKey: qcKeys.punch(punch.punchId) });
      return invalidateChecked(queryClient);
    },
  });
}

/** POST /api/qc/bathUpdateResultStatus */
export function batchUpdateResult(body: BatchResultStatus): Promise<Changed> {
  return api.post<Changed>('/api/qc/bathUpdateResultStatus', body);
}

export function useBatchUpdateResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchUpdateResult,
    onSuccess: (_changed, body) => {
      body.punchIds.forEach((id) => void queryClient.invalidateQueries({ queryKey: qcKeys.punch(id) }));
      return invalidateChecked(queryClient);
    },
  });
}
