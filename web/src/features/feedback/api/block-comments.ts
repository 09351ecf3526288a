// Comments on a paper's blocks (03 §7.1 "Feedback (content)"): everyone who may read a paper
// reads them (blockCommentData/query) and comments on a block of it, or changes a comment of
// their own (blockCommentData/addOrUpdate). A block is named as paper/tree names it:
// `section:knowledgeReview` or `heading:knowledgeReview:3`. Nothing is pushed: the comments are
// read again when the panel opens, on request and after the caller's own changes.

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockComment } from '@/generated/BlockComment';
import type { BlockCommentQuery } from '@/generated/BlockCommentQuery';
import type { BlockCommentSaveRequest } from '@/generated/BlockCommentSaveRequest';
import { api } from '@/lib/api-client';
import { feedbackKeys } from './feedback-keys';

/** POST /api/feedback/blockCommentData/query: the comments on a paper (one block's with `blockKey`), oldest first. */
export function getBlockComments(body: BlockCommentQuery): Promise<BlockComment[]> {
  return api.post<BlockComment[]>('/api/feedback/blockCommentData/query', body, { noLoading: true });
}

/** Every comment on the paper's blocks. */
export function blockCommentsQueryOptions(paperId: number) {
  return queryOptions({
    queryKey: feedbackKeys.blockComments(paperId),
    queryFn: () => getBlockComments({ paperId }),
  });
}

/** The paper's comments, read while `enabled` (the panel is open). */
export function useBlockComments(paperId: number, enabled: boolean) {
  return useQuery({ ...blockCommentsQueryOptions(paperId), enabled });
}

/** POST /api/feedback/blockCommentData/addOrUpdate (with `commentId`: changes one's own comment). */
export function saveBlockComment(body: BlockCommentSaveRequest): Promise<BlockComment> {
  return api.post<BlockComment>('/api/feedback/blockCommentData/addOrUpdate', body, { noLoading: true });
}

/** Adds or changes a comment; the paper's comments are read again. */
export function useSaveBlockComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBlockComment,
    onSuccess: (saved) => void client.invalidateQueries({ queryKey: feedbackKeys.blockComments(saved.paperId) }),
  });
}
