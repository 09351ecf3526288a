// My tags on questions (03 §7.2): the list with counts (GET question/tags/list) and batches of
// additions and removals (question/tags/batch), which answer the list as it now is.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuestionTagList } from '@/generated/QuestionTagList';
import type { QuestionTagOperation } from '@/generated/QuestionTagOperation';
import type { QuestionTagsBatchRequest } from '@/generated/QuestionTagsBatchRequest';
import { api } from '@/lib/api-client';
import { questionKeys } from './question-keys';

/** GET /api/question/tags/list */
export function getTags(): Promise<QuestionTagList> {
  return api.get<QuestionTagList>('/api/question/tags/list', { noLoading: true });
}

export function useTags() {
  return useQuery({ queryKey: questionKeys.tags(), queryFn: getTags });
}

/** POST /api/question/tags/batch */
export function batchTags(body: QuestionTagsBatchRequest): Promise<QuestionTagList> {
  return api.post<QuestionTagList>('/api/question/tags/batch', body, { noLoading: true });
}

/** The changes of one question's tags from `before` to `after` (null: nothing changed). */
export function tagOperation(questionId: number, before: readonly string[], after: readonly string[]) {
  const had = new Set(before);
  const has = new Set(after);
  const actions = [
    ...[...has].filter((t) => !had.has(t)).map((tag) => ({ action: 'add', tag })),
    ...[...had].filter((t) => !has.has(t)).map((tag) => ({ action: 'remove', tag })),
  ];
  return actions.length === 0 ? null : ({ questionId, actions } satisfies QuestionTagOperation);
}

/** Applies tag changes; my tag list takes the answer and the searches (which show tags) read again. */
export function useBatchTags() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (operations: QuestionTagOperation[]) => batchTags({ operations }),
    onSuccess: (list, operations) => {
      client.setQueryData(questionKeys.tags(), list);
      void client.invalidateQueries({ queryKey: questionKeys.searches() });
      operations.forEach((o) => void client.invalidateQueries({ queryKey: questionKeys.detail(o.questionId) }));
    },
  });
}
