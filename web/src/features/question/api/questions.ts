// One question (03 §7.1, §7.2): its detail (question/xueke/detail), similar ones
// (paper/copySimilarQuestion), and the caller's own questions: create or change (question/save),
// delete (question/delete). A change reads the searches again.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuestionIdRequest } from '@/generated/QuestionIdRequest';
import type { QuestionSaveRequest } from '@/generated/QuestionSaveRequest';
import type { QuestionView } from '@/generated/QuestionView';
import type { SimilarQuestionRequest } from '@/generated/SimilarQuestionRequest';
import { api } from '@/lib/api-client';
import { questionKeys } from './question-keys';

/** How many similar questions are asked for. */
export const SIMILAR_COUNT = 5;

/** POST /api/question/xueke/detail */
export function getQuestion(questionId: number): Promise<QuestionView> {
  const body: QuestionIdRequest = { questionId };
  return api.post<QuestionView>('/api/question/xueke/detail', body, { noLoading: true });
}

/** A question as it stands now (null: none). */
export function useQuestion(questionId: number | null) {
  return useQuery({
    queryKey: questionKeys.detail(questionId ?? 0),
    queryFn: () => getQuestion(questionId ?? 0),
    enabled: questionId !== null,
  });
}

/** POST /api/paper/copySimilarQuestion */
export function getSimilarQuestions(body: SimilarQuestionRequest): Promise<QuestionView[]> {
  return api.post<QuestionView[]>('/api/paper/copySimilarQuestion', body, { noLoading: true });
}

/** Questions like this one, read while `enabled` (the dialog is open). */
export function useSimilarQuestions(questionId: number, enabled: boolean) {
  return useQuery({
    queryKey: questionKeys.similar(questionId),
    queryFn: () => getSimilarQuestions({ questionId, count: SIMILAR_COUNT }),
    enabled,
  });
}

/** POST /api/question/save (quiet: the form shows what went wrong). */
export function saveQuestion(body: QuestionSaveRequest): Promise<QuestionView> {
  return api.post<QuestionView>('/api/question/save', body, { quiet: true });
}

/** POST /api/question/delete */
export function deleteQuestion(questionId: number): Promise<boolean> {
  const body: QuestionIdRequest = { questionId };
  return api.post<boolean>('/api/question/delete', body);
}

/** After a question changed: every search, count and copy of it reads again. */
export function refreshQuestions(client: ReturnType<typeof useQueryClient>) {
  void client.invalidateQueries({ queryKey: questionKeys.searches() });
  void client.invalidateQueries({ queryKey: questionKeys.classes() });
}

export function useSaveQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveQuestion,
    onSuccess: (saved) => {
      client.setQueryData(questionKeys.detail(saved.questionId), saved);
      refreshQuestions(client);
    },
  });
}

export function useDeleteQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: (_done, questionId) => {
      client.removeQueries({ queryKey: questionKeys.detail(questionId) });
      refreshQuestions(client);
      void client.invalidateQueries({ queryKey: questionKeys.tags() });
    },
  });
}
