// Finding questions (03 §7.2): paper/search — words segmented and ranked, filtered by type,
// difficulty, knowledge points (with their subtrees), tags and source, a page at a time, with the
// words to mark — and paper/class/search, what such a search finds counted by type, difficulty
// and knowledge point.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionClassResult } from '@/generated/QuestionClassResult';
import type { QuestionSearchRequest } from '@/generated/QuestionSearchRequest';
import type { QuestionSearchResult } from '@/generated/QuestionSearchResult';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { questionKeys } from './question-keys';

/** POST /api/paper/search */
export function searchQuestions(body: QuestionSearchRequest, options?: RequestOptions): Promise<QuestionSearchResult> {
  return api.post<QuestionSearchResult>('/api/paper/search', body, options);
}

export function questionSearchQueryOptions(body: QuestionSearchRequest) {
  return queryOptions({
    queryKey: questionKeys.search(body),
    queryFn: (context) => searchQuestions(body, readOptions(context)),
  });
}

/** A page of questions (null: no subject and stage yet); the page shown stays while the next is read. */
export function useQuestionSearch(body: QuestionSearchRequest | null) {
  return useQuery({
    ...questionSearchQueryOptions(body ?? { subject: 0, stage: 0 }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/paper/class/search */
export function classSearch(body: QuestionSearchRequest): Promise<QuestionClassResult> {
  return api.post<QuestionClassResult>('/api/paper/class/search', body, { noLoading: true });
}

/** The counts of a search (no paging). */
export function useClassSearch(body: QuestionSearchRequest | null) {
  return useQuery({
    queryKey: questionKeys.classSearch(body ?? { subject: 0, stage: 0 }),
    queryFn: () => classSearch(body ?? { subject: 0, stage: 0 }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
