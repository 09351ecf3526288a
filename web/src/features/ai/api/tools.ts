// What the assistant offers around a conversation (03 §7.9): library queries (ai/library/query:
// questions of the bank and my own matching words, each with the text to quote in a message) and
// question allocation (ai/question/allocate: a paper's questions of each type spread over
// knowledge points by what the bank holds, with what is short).

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AiAllocation } from '@/generated/AiAllocation';
import type { AiAllocationRequest } from '@/generated/AiAllocationRequest';
import type { AiLibraryQuery } from '@/generated/AiLibraryQuery';
import type { AiLibraryResult } from '@/generated/AiLibraryResult';
import { api, type RequestOptions } from '@/lib/api-client';
import { aiKeys } from './ai-keys';

/** POST /api/ai/library/query */
export function queryLibrary(body: AiLibraryQuery, options?: RequestOptions): Promise<AiLibraryResult> {
  return api.post<AiLibraryResult>('/api/ai/library/query', body, { noLoading: true, ...options });
}

/** The questions found for a query (null: nothing asked yet). */
export function useLibraryQuery(body: AiLibraryQuery | null) {
  return useQuery({
    queryKey: aiKeys.library(body ?? { keyword: '', subject: 0, stage: 0 }),
    queryFn: ({ signal }) => queryLibrary(body ?? { keyword: '', subject: 0, stage: 0 }, { signal }),
    enabled: body !== null && body.keyword.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

/** POST /api/ai/question/allocate (quiet: the form shows what went wrong). */
export function allocateQuestions(body: AiAllocationRequest): Promise<AiAllocation> {
  return api.post<AiAllocation>('/api/ai/question/allocate', body, { noLoading: true, quiet: true });
}

export function useAllocateQuestions() {
  return useMutation({ mutationFn: allocateQuestions });
}
