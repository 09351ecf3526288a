// Feedback on a reply (03 §7.9): the tags offered for useful and not useful replies
// (GET ai/feedback/tags) and the verdict (ai/feedback/submit), which the reply then shows.

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiFeedbackRequest } from '@/generated/AiFeedbackRequest';
import type { AiFeedbackTags } from '@/generated/AiFeedbackTags';
import { api } from '@/lib/api-client';
import { AiFeedback } from '../ai-dict';
import { aiKeys } from './ai-keys';
import type { HistoryPages } from './messages';

/** GET /api/ai/feedback/tags */
export function getFeedbackTags(): Promise<AiFeedbackTags> {
  return api.get<AiFeedbackTags>('/api/ai/feedback/tags', { noLoading: true });
}

export function feedbackTagsQueryOptions() {
  return queryOptions({ queryKey: aiKeys.feedbackTags(), queryFn: getFeedbackTags, staleTime: Infinity });
}

export function useFeedbackTags(enabled: boolean) {
  return useQuery({ ...feedbackTagsQueryOptions(), enabled });
}

/** POST /api/ai/feedback/submit */
export function submitFeedback(body: AiFeedbackRequest): Promise<unknown> {
  return api.post<unknown>('/api/ai/feedback/submit', body, { noLoading: true });
}

/** Submits a verdict on a reply of `conversationId`; the cached reply shows it. */
export function useSubmitFeedback(conversationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: (_r, { messageId, useful }) =>
      client.setQueryData<HistoryPages>(aiKeys.history(conversationId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                records: p.records.map((m) =>
                  m.messageId === messageId ? { ...m, feedback: useful ? AiFeedback.Useful : AiFeedback.NotUseful } : m,
                ),
              })),
            }
          : data,
      ),
  });
}
