// The REST side of the lesson feedback report (spec 03 §7.4, under /api/report/feedback).
//
// The sections' text is the co-edited document `feedback/{reportId}`: the editors write it live
// over the socket, and the server's REST reads and saves go through the same document, so the page
// saves nothing over REST. What REST adds is the report around the text: its context (student,
// lesson, status), whether the caller may edit (`canEdit`: false for readers and for a submitted
// report), the lifecycle (confirm: draft → confirmed → submitted, after which the server makes the
// document read-only for everyone) and the signed preview that needs no login
// (qrcode/generate makes its link and QR code; FeedbackPreviewPc?token= reads it).

import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiContent } from '@/generated/AiContent';
import type { ConfirmRequest } from '@/generated/ConfirmRequest';
import type { FeedbackConfig } from '@/generated/FeedbackConfig';
import type { FeedbackDetail } from '@/generated/FeedbackDetail';
import type { FeedbackSection } from '@/generated/FeedbackSection';
import type { PreviewQrCode } from '@/generated/PreviewQrCode';
import type { ReportIdRequest } from '@/generated/ReportIdRequest';
import { api } from '@/lib/api-client';

const BASE = '/api/report/feedback';

/** Report statuses (protocol `FeedbackReportSummary.status`). */
export const STATUS_DRAFT = 0;
export const STATUS_CONFIRMED = 1;
export const STATUS_SUBMITTED = 2;
/** The request source of the work-chat app (03 §6). */
export const WORK_CHAT_SOURCE = 'TEACHER_APP_WECOM';

export interface FeedbackRequestContext {
  /** The page was opened from the work-chat app (from = 2 or 4): calls carry that source (03 §6). */
  fromWorkChat: boolean;
}

/** POST /v2/detail */
export function fetchFeedbackReportDetail(reportId: number, ctx: FeedbackRequestContext): Promise<FeedbackDetail> {
  const body: ReportIdRequest = { reportId };
  return api.post<FeedbackDetail>(`${BASE}/v2/detail`, body, {
    noLoading: true,
    source: ctx.fromWorkChat ? WORK_CHAT_SOURCE : undefined,
  });
}

/** GET /v2/detail/preview?token= — no login; the token is the signed preview link's. */
export function fetchFeedbackPreview(token: string): Promise<FeedbackDetail> {
  return api.get<FeedbackDetail>(`${BASE}/v2/detail/preview`, { params: { token }, noLoading: true, quiet: true });
}

export const feedbackKeys = {
  all: ['feedback'] as const,
  /** Every detail read of one report (from either source). */
  report: (reportId: number) => [...feedbackKeys.all, 'detail', reportId] as const,
  detail: (reportId: number, fromWorkChat: boolean) => [...feedbackKeys.report(reportId), fromWorkChat] as const,
  preview: (token: string) => [...feedbackKeys.all, 'preview', token] as const,
  config: () => [...feedbackKeys.all, 'config'] as const,
};

export function feedbackReportDetailQueryOptions(reportId: number, { fromWorkChat }: FeedbackRequestContext) {
  return queryOptions({
    queryKey: feedbackKeys.detail(reportId, fromWorkChat),
    queryFn: () => fetchFeedbackReportDetail(reportId, { fromWorkChat }),
  });
}

/**
 * The report's detail (a failure shows its toast, as the call is not quiet); null reportId:
 * nothing to read. The page reads it again after a reconnect (access or status may have changed).
 */
export function useFeedbackReportDetail(reportId: number | null, ctx: FeedbackRequestContext) {
  return useQuery({ ...feedbackReportDetailQueryOptions(reportId ?? 0, ctx), enabled: reportId !== null });
}

/** The report behind a signed preview token. */
export function useFeedbackPreview(token: string | null) {
  return useQuery({
    queryKey: feedbackKeys.preview(token ?? ''),
    queryFn: () => fetchFeedbackPreview(token ?? ''),
    enabled: token !== null && token !== '',
  });
}

/** GET /v2/common/config: the sections, their limit and whether the AI provider is configured. */
export function fetchFeedbackConfig(): Promise<FeedbackConfig> {
  return api.get<FeedbackConfig>(`${BASE}/v2/common/config`, { noLoading: true, quiet: true });
}

/** The report configuration, read once per mount. */
export function useFeedbackConfig() {
  return useQuery({ queryKey: feedbackKeys.config(), queryFn: fetchFeedbackConfig });
}

/**
 * POST /ai/content: the AI teacher comment. The server also writes it into the report's
 * document, so the section shows it live. Not quiet: a failure (C0001: the AI service is not
 * configured or failed) shows the server's message.
 */
export function generateAiComment(reportId: number, ctx: FeedbackRequestContext): Promise<AiContent> {
  const body: ReportIdRequest = { reportId };
  return api.post<AiContent>(`${BASE}/ai/content`, body, {
    noLoading: true,
    source: ctx.fromWorkChat ? WORK_CHAT_SOURCE : undefined,
  });
}

/** The section the AI teacher comment is written into. */
const AI_COMMENT_SECTION: FeedbackSection = 'aiTeacherComment';

/** AI 生成评语: the report's cached details take the comment the server wrote into the section. */
export function useGenerateAiComment(reportId: number, ctx: FeedbackRequestContext) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => generateAiComment(reportId, ctx),
    onSuccess: ({ content }) =>
      client.setQueriesData<FeedbackDetail>({ queryKey: feedbackKeys.report(reportId) }, (detail) =>
        detail ? { ...detail, sections: { ...detail.sections, [AI_COMMENT_SECTION]: content } } : detail,
      ),
  });
}

/**
 * POST /confirm (quiet: the submit dialog shows the error): draft → confirmed, or with
 * `fullSubmit` confirmed → submitted. Answers the new status.
 */
export function confirmReport(reportId: number, fullSubmit: boolean, ctx: FeedbackRequestContext): Promise<number> {
  const body: ConfirmRequest = fullSubmit ? { reportId, fullSubmit } : { reportId };
  return api.post<number>(`${BASE}/confirm`, body, {
    noLoading: true,
    quiet: true,
    source: ctx.fromWorkChat ? WORK_CHAT_SOURCE : undefined,
  });
}

/**
 * 提交: a draft is confirmed first, then the confirmed report is submitted (the server's
 * lifecycle, one step per call). Answers the last status reached.
 */
export async function submitReport(reportId: number, status: number, ctx: FeedbackRequestContext): Promise<number> {
  let reached = status;
  if (reached === STATUS_DRAFT) reached = await confirmReport(reportId, false, ctx);
  if (reached === STATUS_CONFIRMED) reached = await confirmReport(reportId, true, ctx);
  return reached;
}

/** Puts a status into the cached details of the report (a submitted one is no longer editable). */
function setCachedStatus(client: QueryClient, reportId: number, status: number): void {
  client.setQueriesData<FeedbackDetail>({ queryKey: feedbackKeys.report(reportId) }, (detail) =>
    detail
      ? {
          ...detail,
          report: { ...detail.report, status },
          canEdit: detail.canEdit && status !== STATUS_SUBMITTED,
        }
      : detail,
  );
}

/**
 * Submits the report from its status; the cached details take the status reached, and are read
 * again afterwards (also when a step failed half-way: a confirmed draft stays confirmed).
 */
export function useSubmitReport(reportId: number, ctx: FeedbackRequestContext) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: number) => submitReport(reportId, status, ctx),
    onSuccess: (status) => setCachedStatus(client, reportId, status),
    onSettled: () => client.invalidateQueries({ queryKey: feedbackKeys.report(reportId) }),
  });
}

/**
 * POST /qrcode/generate (quiet: the modal shows the error): the signed read-only preview link,
 * its QR code and when it expires. Sharing it counts as the report's export.
 */
export function generatePreviewQrCode(reportId: number, ctx: FeedbackRequestContext): Promise<PreviewQrCode> {
  const body: ReportIdRequest = { reportId };
  return api.post<PreviewQrCode>(`${BASE}/qrcode/generate`, body, {
    noLoading: true,
    quiet: true,
    source: ctx.fromWorkChat ? WORK_CHAT_SOURCE : undefined,
  });
}

export function usePreviewQrCode(reportId: number, ctx: FeedbackRequestContext) {
  return useMutation({ mutationFn: () => generatePreviewQrCode(reportId, ctx) });
}
