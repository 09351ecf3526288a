// The query keys of the question bank: searches and their counts (a change of a question, its
// tags or the basket reads them again), one question, its similar ones, my tags and re-edits.

import type { QuestionReeditListRequest } from '@/generated/QuestionReeditListRequest';
import type { QuestionSearchRequest } from '@/generated/QuestionSearchRequest';

const all = ['question'] as const;

export const questionKeys = {
  all,
  searches: () => [...all, 'search'] as const,
  search: (request: QuestionSearchRequest) => [...all, 'search', request] as const,
  classes: () => [...all, 'class'] as const,
  classSearch: (request: QuestionSearchRequest) => [...all, 'class', request] as const,
  detail: (questionId: number) => [...all, 'detail', questionId] as const,
  similar: (questionId: number) => [...all, 'similar', questionId] as const,
  tags: () => [...all, 'tags'] as const,
  reedits: () => [...all, 'reedits'] as const,
  reeditList: (request: QuestionReeditListRequest) => [...all, 'reedits', request] as const,
};
