import { usePageNo } from '@/features/teaching/use-page-no';
import type { QuestionSearchRequest } from '@/generated/QuestionSearchRequest';
import { useClassSearch, useQuestionSearch } from '../api/search';
import { ALL, QUESTION_PAGE_SIZE, SOURCE } from '../question-dict';

/** What a bank search is narrowed by besides where it looks: words, type, difficulty, source, order. */
export interface BankFilters {
  keyword: string;
  typeId: number;
  difficulty: number;
  source: number;
  order: number;
}

export const NO_BANK_FILTERS: BankFilters = { keyword: '', typeId: ALL, difficulty: ALL, source: SOURCE.all, order: 0 };

/** Where a bank search looks: a subject and stage, and knowledge points (none: all of them). */
export interface BankScope {
  subject: number;
  stage: number;
  knowledgeIds: number[];
}

/**
 * A page of the bank's questions in `scope` under `filters` (paper/search), and what the search
 * finds counted by type, difficulty and knowledge point under the other filters
 * (paper/class/search); another search starts again on page 1. Without a scope nothing is searched.
 */
export function useBankSearch(scope: BankScope | null, filters: BankFilters) {
  // The query keys hold the search by value, so a search built afresh each render reads nothing again.
  const base = scope && {
    subject: scope.subject,
    stage: scope.stage,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    knowledgeIds: scope.knowledgeIds,
    source: filters.source,
  };
  const [pageNo, setPageNo] = usePageNo(JSON.stringify([base, filters]));
  const request: QuestionSearchRequest | null = base && {
    ...base,
    typeIds: [filters.typeId],
    difficulties: [filters.difficulty],
    order: filters.order,
    pageNo,
    pageSize: QUESTION_PAGE_SIZE,
  };
  // The counts of every type and difficulty under the other filters.
  const classRequest: QuestionSearchRequest | null = base && { ...base, typeIds: [ALL], difficulties: [ALL] };
  const search = useQuestionSearch(request);
  const classes = useClassSearch(classRequest);
  return { search, classes, pageNo, setPageNo };
}
