// Where the learning-analysis pages are (config/paths.ts, section EasyServer) and what their
// addresses carry: a student's analysis `?studentId=` with its search (`subject`, the days `from`
// and `to`, YYYY-MM-DD, both included), a task's whole-paper analysis `?taskId=&studentId=`, the
// templates `?studentId=` (a task with `taskId`), and a report's pages `?reportId=`.

import { paths, routesByName } from '@/config/paths';
import type { StageReportItem } from '@/generated/StageReportItem';
import { ALL_SUBJECTS, REPORT_DRAFT, SUBJECTS } from './analysis-dict';
import { type DayRange, isDay, lastDays } from './analysis-period';

export const ANALYSIS_ROUTES = {
  module: 'analysisModule',
  selectWrong: 'selectErrorQuestion',
  paper: 'FullVolumeAnalysis',
  templates: 'TemplateAnalysis',
  selectPage: 'FullPageSelectQuestion',
  edit: 'reportingEdit',
  preview: 'reportingPreview',
  stagePreview: 'StageReportPreview',
} as const;

export type AnalysisRoute = (typeof ANALYSIS_ROUTES)[keyof typeof ANALYSIS_ROUTES];

export function analysisPath(name: AnalysisRoute): string {
  return routesByName.get(name)?.path ?? paths.home.path;
}

/** A positive id of the URL's `name` parameter, null when it is none. */
export function idParam(params: URLSearchParams, name: string): number | null {
  const id = Number(params.get(name));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** What an analysis looks at: a subject (0: all) and the days. */
export interface AnalysisSearch {
  subject: number;
  range: DayRange;
}

/** The search of the URL: its subject when known, its days when both are valid; else the defaults. */
export function searchOf(params: URLSearchParams, now: number): AnalysisSearch {
  const subject = Number(params.get('subject'));
  const from = params.get('from');
  const to = params.get('to');
  return {
    subject: SUBJECTS.some((s) => s.code === subject) ? subject : ALL_SUBJECTS,
    range: isDay(from) && isDay(to) ? [from, to] : lastDays(now),
  };
}

function query(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const searchValues = (search?: AnalysisSearch) =>
  search
    ? {
        subject: search.subject === ALL_SUBJECTS ? null : search.subject,
        from: search.range[0],
        to: search.range[1],
      }
    : {};

/** 学情分析: the student's (with the search when given), or the choice of a student. */
export const analysisModulePath = (studentId?: number, search?: AnalysisSearch) =>
  analysisPath(ANALYSIS_ROUTES.module) + query({ studentId, ...searchValues(search) });

/** 全卷分析 of a task of a student. */
export const fullVolumePath = (taskId: number, studentId: number) =>
  analysisPath(ANALYSIS_ROUTES.paper) + query({ taskId, studentId });

/** 模板分析 of a student (a task for the single-paper template). */
export const templateAnalysisPath = (studentId: number, search?: AnalysisSearch, taskId?: number) =>
  analysisPath(ANALYSIS_ROUTES.templates) + query({ studentId, taskId, ...searchValues(search) });

const reportPage = (name: AnalysisRoute) => (reportId: number) => analysisPath(name) + query({ reportId });

export const selectErrorQuestionPath = reportPage(ANALYSIS_ROUTES.selectWrong);
export const fullPageSelectPath = reportPage(ANALYSIS_ROUTES.selectPage);
export const reportingEditPath = reportPage(ANALYSIS_ROUTES.edit);
export const reportingPreviewPath = reportPage(ANALYSIS_ROUTES.preview);
export const stageReportPreviewPath = reportPage(ANALYSIS_ROUTES.stagePreview);

/** Where a listed report opens: the editor for the caller's draft, else its read-only page. */
export function reportItemPath(item: Pick<StageReportItem, 'id' | 'status' | 'mine'>): string {
  if (item.status === REPORT_DRAFT) {
    return item.mine ? reportingEditPath(item.id) : reportingPreviewPath(item.id);
  }
  return stageReportPreviewPath(item.id);
}
