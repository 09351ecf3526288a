// Content feedback (03 §7.1 "Feedback (content)", §7.10): what a report can say is wrong
// (feedback/queryTagList), what the dialog shows about a target (queryCommonData), a report sent
// (submit), the reports on a target summarised for the library's editors or a file's owner
// (more/ai/summary), a report on a question or paper settled by an editor (handle), and the
// caller's own reports on questions and papers (itemreporterror/getUserReportError).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodeName } from '@/generated/CodeName';
import type { ContentFeedback } from '@/generated/ContentFeedback';
import type { FeedbackCommonData } from '@/generated/FeedbackCommonData';
import type { FeedbackHandleRequest } from '@/generated/FeedbackHandleRequest';
import type { FeedbackSubmitRequest } from '@/generated/FeedbackSubmitRequest';
import type { FeedbackSummary } from '@/generated/FeedbackSummary';
import type { FeedbackTagList } from '@/generated/FeedbackTagList';
import type { FeedbackTargetRequest } from '@/generated/FeedbackTargetRequest';
import { api } from '@/lib/api-client';
import type { FeedbackTarget } from '../feedback-dict';
import { feedbackKeys } from './feedback-keys';

/** GET /api/feedback/queryTagList */
export async function getFeedbackTags(): Promise<CodeName[]> {
  return (await api.get<FeedbackTagList>('/api/feedback/queryTagList', { noLoading: true })).tagList;
}

/** The tags; they do not change while the app runs. */
export function useFeedbackTags() {
  return useQuery({ queryKey: feedbackKeys.tags(), queryFn: getFeedbackTags, staleTime: Infinity });
}

/** POST /api/feedback/queryCommonData (quiet: the dialog says the target could not be read). */
export function getCommonData(body: FeedbackTargetRequest): Promise<FeedbackCommonData> {
  return api.post<FeedbackCommonData>('/api/feedback/queryCommonData', body, { noLoading: true, quiet: true });
}

/** The target's title and report counts (null: no dialog open). */
export function useCommonData(target: FeedbackTarget | null) {
  return useQuery({
    queryKey: feedbackKeys.common(target?.type ?? 0, target?.id ?? 0),
    queryFn: () => getCommonData({ targetType: target?.type ?? 0, targetId: target?.id ?? 0 }),
    enabled: target !== null,
  });
}

/** POST /api/feedback/submit (quiet: the dialog shows what went wrong). */
export function submitFeedback(body: FeedbackSubmitRequest): Promise<ContentFeedback> {
  return api.post<ContentFeedback>('/api/feedback/submit', body, { quiet: true });
}

/** Sends a report; the target's counts and summary and the caller's reports read again. */
export function useSubmitFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: feedbackKeys.targets() });
      void client.invalidateQueries({ queryKey: feedbackKeys.mine() });
    },
  });
}

/** GET /api/feedback/more/ai/summary?targetType=&targetId= (quiet: the dialog says why not). */
export function getFeedbackSummary(params: FeedbackTargetRequest): Promise<FeedbackSummary> {
  return api.get<FeedbackSummary>('/api/feedback/more/ai/summary', {
    params: { targetType: params.targetType, targetId: params.targetId },
    noLoading: true,
    quiet: true,
  });
}

/** The summary of a target's reports (null: none open). */
export function useFeedbackSummary(target: FeedbackTarget | null) {
  return useQuery({
    queryKey: feedbackKeys.summary(target?.type ?? 0, target?.id ?? 0),
    queryFn: () => getFeedbackSummary({ targetType: target?.type ?? 0, targetId: target?.id ?? 0 }),
    enabled: target !== null,
  });
}

/** POST /api/feedback/handle: accept or refuse a report (409 when settled already). */
export function handleFeedback(body: FeedbackHandleRequest): Promise<ContentFeedback> {
  return api.post<ContentFeedback>('/api/feedback/handle', body, { noLoading: true });
}

/** Settles a report; the summaries and counts read again. */
export function useHandleFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: handleFeedback,
    onSettled: () => void client.invalidateQueries({ queryKey: feedbackKeys.targets() }),
  });
}

/** GET /api/itemreporterror/getUserReportError: the caller's reports, newest first. */
export function getMyReports(): Promise<ContentFeedback[]> {
  return api.get<ContentFeedback[]>('/api/itemreporterror/getUserReportError', { noLoading: true });
}

export function useMyReports() {
  return useQuery({ queryKey: feedbackKeys.mine(), queryFn: getMyReports });
}
