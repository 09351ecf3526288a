// The basket (试题篮, 03 §7.2): the questions picked for a paper, by type (basket/question/list),
// put in (basket/add) and taken out (basket/remove/questionId, or all), the codes of the bank's
// filters (basket/question/enums), and assembling the basket into a handout (basket/assemble),
// which the web then opens in the handout editor. A change reads the basket again and marks the
// questions of the searches shown (inBasket).

import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { questionKeys } from '@/features/question/api/question-keys';
import type { BasketAddRequest } from '@/generated/BasketAddRequest';
import type { BasketAssembleRequest } from '@/generated/BasketAssembleRequest';
import type { BasketCount } from '@/generated/BasketCount';
import type { BasketEnums } from '@/generated/BasketEnums';
import type { BasketList } from '@/generated/BasketList';
import type { BasketRemoveRequest } from '@/generated/BasketRemoveRequest';
import type { PaperPackageResult } from '@/generated/PaperPackageResult';
import type { QuestionSearchResult } from '@/generated/QuestionSearchResult';
import type { QuestionView } from '@/generated/QuestionView';
import { api } from '@/lib/api-client';
import { basketKeys } from './basket-keys';

/** POST /api/basket/question/list */
export function getBasket(): Promise<BasketList> {
  return api.post<BasketList>('/api/basket/question/list', {}, { noLoading: true });
}

export function useBasket() {
  return useQuery({ queryKey: basketKeys.list(), queryFn: getBasket });
}

/** POST /api/basket/question/enums */
export function getBasketEnums(): Promise<BasketEnums> {
  return api.post<BasketEnums>('/api/basket/question/enums', {}, { noLoading: true });
}

/** The codes of the filters; they do not change while the app runs. */
export function useBasketEnums() {
  return useQuery({ queryKey: basketKeys.enums(), queryFn: getBasketEnums, staleTime: Infinity });
}

/** POST /api/basket/add */
export function addToBasket(questionIds: number[]): Promise<BasketCount> {
  const body: BasketAddRequest = { questionIds };
  return api.post<BasketCount>('/api/basket/add', body, { noLoading: true });
}

/** POST /api/basket/remove/questionId (`all`: empties the basket). */
export function removeFromBasket(body: BasketRemoveRequest): Promise<BasketCount> {
  return api.post<BasketCount>('/api/basket/remove/questionId', body, { noLoading: true });
}

/** POST /api/basket/assemble */
export function assembleBasket(body: BasketAssembleRequest): Promise<PaperPackageResult> {
  return api.post<PaperPackageResult>('/api/basket/assemble', body, { loadingText: '正在组卷' });
}

/** Marks questions of the cached searches and question lists in or out of the basket. */
function markInBasket(client: QueryClient, ids: readonly number[] | 'all', inBasket: boolean) {
  const hit = (q: QuestionView) => ids === 'all' || ids.includes(q.questionId);
  const mark = (q: QuestionView) => (hit(q) ? { ...q, inBasket } : q);
  client.setQueriesData<QuestionSearchResult>({ queryKey: questionKeys.searches() }, (page) =>
    page ? { ...page, records: page.records.map(mark) } : page,
  );
  client.setQueriesData<QuestionView[]>({ queryKey: [...questionKeys.all, 'similar'] }, (list) => list?.map(mark));
  client.setQueriesData<QuestionView>({ queryKey: [...questionKeys.all, 'detail'] }, (q) => (q ? mark(q) : q));
}

export function useAddToBasket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addToBasket,
    onSuccess: (_count, ids) => {
      markInBasket(client, ids, true);
      void client.invalidateQueries({ queryKey: basketKeys.list() });
    },
  });
}

export function useRemoveFromBasket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeFromBasket,
    onSuccess: (_count, { questionIds, all }) => {
      markInBasket(client, all ? 'all' : questionIds, false);
      void client.invalidateQueries({ queryKey: basketKeys.list() });
    },
  });
}

/** Assembles the basket; the basket and the searches' marks read again (the questions left it). */
export function useAssembleBasket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assembleBasket,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: basketKeys.list() });
      void client.invalidateQueries({ queryKey: questionKeys.searches() });
    },
  });
}
