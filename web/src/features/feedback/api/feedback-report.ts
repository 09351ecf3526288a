// The REST side of the lesson feedback report (spec 03 §7.4, under /api/report/feedback).
//
// The server offers none of these calls yet: the report editor works on the co-edited Y document
// (`feedback/{reportId}`) alone. This module is the one place where the report's REST calls plug
// in once they exist:
// - the detail (POST /v2/detail): student, lesson, status, resources, pictures, answer sheet …,
//   shown around the co-edited sections;
// - the section saves: each section key maps to its save call below. Whether the page posts them
//   or the server derives them from the document is for the server to decide; the section keys
//   are the contract either way.
// Until then `FEEDBACK_REPORT_REST` is false, nothing is called and nothing is made up.

import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import type { FeedbackSectionKey } from '../sections';

/** Turn on when the server offers /api/report/feedback/v2/detail and the saves. */
export const FEEDBACK_REPORT_REST = false;

const BASE = '/api/report/feedback';
/** The request source of the work-chat app (03 §6). */
export const WORK_CHAT_SOURCE = 'TEACHER_APP_WECOM';

/** The save call of each section (03 §7.4); null where the section has no save call. */
export const FEEDBACK_SECTION_SAVE: Record<FeedbackSectionKey, string | null> = {
  courseSummary: '/course/summary/save',
  coursePerformance: '/course/performance/save',
  teacherMessage: '/teacherMessage/save',
  homework: '/homework/save',
  nextSectionPreview: '/nextSectionPreview/save',
  lastReview: '/lastReview/save',
  // Read from /lastTime/todoList; there is no save call.
  lastTime: null,
  knwledages: '/knwledages/update',
  // Produced by POST /ai/content.
  aiTeacherComment: null,
};

/** The report's detail. The spec does not show its field names; typed when the server has it. */
export type FeedbackReportDetail = Record<string, unknown>;

export interface FeedbackRequestContext {
  /** The page was opened from the work-chat app (from = 2 or 4): calls carry that source (03 §6). */
  fromWorkChat: boolean;
}

const sourceOf = (ctx: FeedbackRequestContext) => (ctx.fromWorkChat ? WORK_CHAT_SOURCE : undefined);

/** POST /v2/detail */
export function fetchFeedbackReportDetail(reportId: number, ctx: FeedbackRequestContext): Promise<FeedbackReportDetail> {
  return api.post<FeedbackReportDetail>(`${BASE}/v2/detail`, { id: reportId }, { noLoading: true, source: sourceOf(ctx) });
}

/** Posts one section's HTML to its save call (quiet, like every save of 03 §7.4). */
export async function saveFeedbackSection(
  reportId: number,
  key: FeedbackSectionKey,
  html: string,
  ctx: FeedbackRequestContext,
): Promise<void> {
  const url = FEEDBACK_SECTION_SAVE[key];
  if (!FEEDBACK_REPORT_REST || !url) return;
  await api.post<unknown>(`${BASE}${url}`, { id: reportId, content: html }, { quiet: true, noLoading: true, source: sourceOf(ctx) });
}

/** The report's detail, or null while the server has no detail call (or it failed). */
export function useFeedbackReportDetail(
  reportId: number | null,
  { fromWorkChat }: FeedbackRequestContext,
): FeedbackReportDetail | null {
  const [detail, setDetail] = useState<FeedbackReportDetail | null>(null);
  useEffect(() => {
    setDetail(null);
    if (!FEEDBACK_REPORT_REST || reportId === null) return;
    let live = true;
    fetchFeedbackReportDetail(reportId, { fromWorkChat }).then(
      (d) => live && setDetail(d),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [reportId, fromWorkChat]);
  return detail;
}
