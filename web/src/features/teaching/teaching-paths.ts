// Where the teaching service's pages are (config/paths.ts, section EasyServer), by what they show.

import { generatePath } from 'react-router';
import { paths, routesByName } from '@/config/paths';

/** The route names of 易服务's pages built here. */
export const TEACHING_ROUTES = {
  schedule: 'MyScheduleList',
  scheduleDetail: 'ScheduleDetail',
  onlineScheduleDetail: 'OnlineScheduleDetail',
  students: 'StudentList',
  studentDetail: 'StudentDetail',
  classes: 'MyClassesList',
  classDetail: 'MyClassesDetail',
  onlineClassDetail: 'OnlineMyClassesDetail',
  feedback: 'MyFeedback',
  classStudyReport: 'ClassStudySituationReport',
  classSummaryReport: 'ClassSummaryReport',
} as const;

type TeachingRoute = (typeof TEACHING_ROUTES)[keyof typeof TEACHING_ROUTES];

/** The path of a page of 易服务 (its `:id` filled in when given). */
export function teachingPath(name: TeachingRoute, id?: number): string {
  const path = routesByName.get(name)?.path ?? paths.home.path;
  return id === undefined ? path : generatePath(path, { id: String(id) });
}

/** A lesson's page: the online lesson's or the offline lesson's. */
export function lessonPath(lesson: { id: number; online: boolean }): string {
  return teachingPath(lesson.online ? TEACHING_ROUTES.onlineScheduleDetail : TEACHING_ROUTES.scheduleDetail, lesson.id);
}

/** A class's page: the online class's or the offline class's. */
export function classPath(klass: { id: number; online: boolean }): string {
  return teachingPath(klass.online ? TEACHING_ROUTES.onlineClassDetail : TEACHING_ROUTES.classDetail, klass.id);
}

export const studentPath = (id: number) => teachingPath(TEACHING_ROUTES.studentDetail, id);

/** The report editor (co-edited). */
export const feedbackEditPath = (reportId: number) => `${paths.feedbackEdit.path}?id=${reportId}`;

/** The report, read-only. */
export const feedbackPreviewPath = (reportId: number) => `${paths.feedbackPreview.path}?id=${reportId}`;

/** 我的反馈's tabs: the reports still due, every report. */
export type FeedbackTab = 'due' | 'all';

export const isFeedbackTab = (v: string | null): v is FeedbackTab => v === 'due' || v === 'all';

export const myFeedbackPath = (tab: FeedbackTab = 'due') => `${teachingPath(TEACHING_ROUTES.feedback)}?tab=${tab}`;

/** A class's reports: 班级学情报告 (its students' learning) and 班级总结报告 (its lessons and attendance). */
export type ClassReportKind = 'study' | 'summary';

/** A class report's page: `?classId=`. */
export function classReportPath(kind: ClassReportKind, classId: number): string {
  const name = kind === 'study' ? TEACHING_ROUTES.classStudyReport : TEACHING_ROUTES.classSummaryReport;
  return `${teachingPath(name)}?classId=${classId}`;
}

/** The class id of a report's URL (`classId`), null when it is none. */
export function classIdOf(params: URLSearchParams): number | null {
  const id = Number(params.get('classId'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
