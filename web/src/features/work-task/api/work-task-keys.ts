// The query keys of the work tasks' server state. Finishing a task changes the executor's lists
// and counts, the task, the QC list and the statistics; a check changes the task, the lists and
// the statistics (`invalidateWorkTasks`). The statistics are read as a data-centre report page
// (its report table), under the data centre's key of their path.

import type { QueryClient } from '@tanstack/react-query';
import { dcKeys } from '@/features/datacentre/api/dc-keys';
import type { MyWorkTaskSearch } from '@/generated/MyWorkTaskSearch';
import type { WorkTaskSearch } from '@/generated/WorkTaskSearch';

const all = ['workTask'] as const;

/** POST /api/workTask/statistics */
export const WORK_TASK_STAT_PATH = '/api/workTask/statistics';

export const workTaskKeys = {
  all,
  /** The caller's own tasks: their pages and counts. */
  mine: () => [...all, 'mine'] as const,
  myPage: (search: MyWorkTaskSearch) => [...all, 'mine', 'page', search] as const,
  myCount: () => [...all, 'mine', 'count'] as const,
  detail: (id: number) => [...all, 'detail', id] as const,
  qcPages: () => [...all, 'qc'] as const,
  qcPage: (search: WorkTaskSearch) => [...all, 'qc', search] as const,
  /** Every page of the statistics. */
  statistics: () => dcKeys.list(WORK_TASK_STAT_PATH),
};

/** Reads again every work task list, count, task and statistics page. */
export function invalidateWorkTasks(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [workTaskKeys.all, workTaskKeys.statistics()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}
