// Where the camps' pages are (config/paths.ts, section KnowledgeRepository; the students' page
// outside the main layout).

import { generatePath } from 'react-router';
import { paths, routesByName } from '@/config/paths';

export const CAMP_ROUTES = {
  list: 'TrainingCamps',
  edit: 'TrainingCampEdit',
  statistics: 'TrainingStatistics',
} as const;

const pathOf = (name: string) => routesByName.get(name)?.path ?? paths.home.path;

/** 学习营: the caller's camps. */
export const campListPath = () => pathOf(CAMP_ROUTES.list);

/** A camp's builder. */
export const campEditPath = (campId: number) => generatePath(pathOf(CAMP_ROUTES.edit), { id: String(campId) });

/** A published camp's statistics. */
export const campStatisticsPath = (campId: number) => `${pathOf(CAMP_ROUTES.statistics)}?campId=${campId}`;
