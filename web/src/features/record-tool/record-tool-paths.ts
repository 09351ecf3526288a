// Where the record tools' pages are (config/paths.ts, section RecordTool, 听课记录): a visit's
// record sheet and students are named by `?id=`, a lesson to start by `?lessonId=`, a scanned
// lesson code by `?code=`.

import { paths, routesByName } from '@/config/paths';

export const RECORD_TOOL_ROUTES = {
  start: 'StartRecord',
  proceed: 'ProceedRecord',
  students: 'RecordStudentList',
  scan: 'RecordScan',
  layout: 'TestLayout',
  manage: 'RecordVisitManage',
} as const;

type RecordToolRoute = (typeof RECORD_TOOL_ROUTES)[keyof typeof RECORD_TOOL_ROUTES];

export function recordToolPath(name: RecordToolRoute): string {
  return routesByName.get(name)?.path ?? paths.home.path;
}

/** 听课记录表 of a visit. */
export const proceedRecordPath = (visitId: number) => `${recordToolPath(RECORD_TOOL_ROUTES.proceed)}?id=${visitId}`;

/** 听课学生 of a visit. */
export const visitStudentsPath = (visitId: number) => `${recordToolPath(RECORD_TOOL_ROUTES.students)}?id=${visitId}`;

/** 开始听课, starting the visit of a lesson at once when given. */
export const startRecordPath = (lessonId?: number) =>
  recordToolPath(RECORD_TOOL_ROUTES.start) + (lessonId === undefined ? '' : `?lessonId=${lessonId}`);

/** 扫码听课, resolving a code when given. */
export const recordScanPath = (code?: string) =>
  recordToolPath(RECORD_TOOL_ROUTES.scan) + (code === undefined ? '' : `?code=${encodeURIComponent(code)}`);

/** A positive id of the URL's `name` parameter, null when it is none. */
export function idParam(params: URLSearchParams, name: string): number | null {
  const id = Number(params.get(name));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
