// Whether a paper has content yet (03 §7.1 "Feedback (content)", preCheckContentIsEmpty): asked
// before acting on the whole paper (submitting it for audit), so that an empty one is not sent
// unnoticed. `empty` when every section but the title is blank; `emptySections` names the blank
// sections by key (handoutTitle, knowledgeReview, …).

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentEmptyCheck } from '@/generated/ContentEmptyCheck';
import type { FeedbackPaperQuery } from '@/generated/FeedbackPaperQuery';
import { api } from '@/lib/api-client';
import { feedbackKeys } from './feedback-keys';

/** GET /api/feedback/preCheckContentIsEmpty?paperId= */
export function getContentEmptyCheck(paperId: number): Promise<ContentEmptyCheck> {
  const params: FeedbackPaperQuery = { paperId };
  return api.get<ContentEmptyCheck>('/api/feedback/preCheckContentIsEmpty', { params, noLoading: true });
}

/** The paper's content as it is now: never taken from the cache (`staleTime` 0). */
export function contentEmptyCheckQueryOptions(paperId: number) {
  return queryOptions({
    queryKey: feedbackKeys.contentEmpty(paperId),
    queryFn: () => getContentEmptyCheck(paperId),
    staleTime: 0,
  });
}

/** Whether the paper is empty (null: nothing to check). */
export function useContentEmptyCheck(paperId: number | null) {
  return useQuery({ ...contentEmptyCheckQueryOptions(paperId ?? 0), enabled: paperId !== null });
}
