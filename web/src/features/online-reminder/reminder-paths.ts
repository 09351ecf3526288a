// Where the reminders' pages are (config/paths.ts): 线上课设置 and a kind's 白名单配置 (section
// QualityCheckManagement), and the lesson a reminder is about, 看课 (section EasyServer).

import { generatePath } from 'react-router';
import { paths, routesByName } from '@/config/paths';

export const REMINDER_ROUTES = {
  settings: 'OnlineLessonSetup',
  whitelist: 'OnlineWhiteConfigPage',
  watchLesson: 'WatchLessonPage',
} as const;

const pathOf = (name: string) => routesByName.get(name)?.path ?? paths.home.path;

/** 线上课设置. */
export const reminderSettingsPath = () => pathOf(REMINDER_ROUTES.settings);

/** A reminder kind's whitelist. */
export const whitelistPath = (reminderType: number) =>
  generatePath(pathOf(REMINDER_ROUTES.whitelist), { reminderType: String(reminderType) });

/** The lesson's 看课 page in 易服务. */
export const watchLessonPath = (lessonId: number) =>
  generatePath(pathOf(REMINDER_ROUTES.watchLesson), { id: String(lessonId) });
