// Links between the camp statistics' pages (config/paths.ts, 知识库 section): a camp's statistics
// (?campId=), a task's (?campId=&taskId=) and a question set's per-question figures.

import { routesByName } from '@/config/paths';

export const TRAINING_STATISTICS = 'TrainingStatistics';
export const TASK_RESOURCE_STATISTICS = 'TaskResourceStatistics';
export const PAPER_STATISTICS = 'PaperStatistics';

export type CampStatsPage = typeof TRAINING_STATISTICS | typeof TASK_RESOURCE_STATISTICS | typeof PAPER_STATISTICS;

/** The page's path with the camp and task given (those left null are left out). */
export function campStatsPath(page: CampStatsPage, campId: number | null, taskId: number | null = null): string {
  const base = routesByName.get(page)?.path ?? '/';
  const query = new URLSearchParams();
  if (campId !== null) query.set('campId', String(campId));
  if (taskId !== null) query.set('taskId', String(taskId));
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}
