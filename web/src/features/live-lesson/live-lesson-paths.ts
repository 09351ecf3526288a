// Where the live lesson's pages are (config/paths.ts, section EasyServer): 看课, 巡课 and 回放 of
// one online lesson (`:id` is the lesson's id).

import { generatePath } from 'react-router';
import { paths, routesByName } from '@/config/paths';

export const LIVE_LESSON_ROUTES = {
  watch: 'WatchLessonPage',
  patrol: 'PatrolSitePage',
  playback: 'PlaybackPage',
} as const;

type LiveLessonRoute = (typeof LIVE_LESSON_ROUTES)[keyof typeof LIVE_LESSON_ROUTES];

function lessonPagePath(name: LiveLessonRoute, lessonId: number): string {
  const path = routesByName.get(name)?.path ?? paths.home.path;
  return generatePath(path, { id: String(lessonId) });
}

/** 看课: the lesson as it happens. */
export const watchLessonPath = (lessonId: number) => lessonPagePath(LIVE_LESSON_ROUTES.watch, lessonId);

/** 巡课: the lesson as it happens, with the inspectors' records. */
export const patrolSitePath = (lessonId: number) => lessonPagePath(LIVE_LESSON_ROUTES.patrol, lessonId);

/** 回放: the lesson's recording. */
export const playbackPath = (lessonId: number) => lessonPagePath(LIVE_LESSON_ROUTES.playback, lessonId);
