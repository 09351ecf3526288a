// The batch send of similar practice (03 §7.5): one similar question for each open wrong question
// of the class's students, all or those picked (wrongQuestion/similar/batchSend: a job; 409 while
// one is under way for the class, 400 when nothing is open), a batch as it stands
// (wrongQuestion/similar/batch) and sending its failed items again (resendBatch/{id}; 409 when
// none). The batch's state then arrives by push (`use-similar-batch-live.ts`); nothing polls.

import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdRequest } from '@/generated/IdRequest';
import type { SimilarBatch } from '@/generated/SimilarBatch';
import type { SimilarBatchRequest } from '@/generated/SimilarBatchRequest';
import { api } from '@/lib/api-client';
import { batchEnded } from '../wrong-dict';
import { wrongQuestionKeys } from './wrong-question-keys';

/** POST /api/wrongQuestion/similar/batchSend */
export function sendSimilarBatch(body: SimilarBatchRequest): Promise<SimilarBatch> {
  return api.post<SimilarBatch>('/api/wrongQuestion/similar/batchSend', body, { loadingText: '正在提交发送' });
}

/** POST /api/wrongQuestion/similar/batch */
export function getSimilarBatch(batchId: number): Promise<SimilarBatch> {
  const body: IdRequest = { id: batchId };
  return api.post<SimilarBatch>('/api/wrongQuestion/similar/batch', body, { noLoading: true });
}

/** POST /api/resendBatch/{batchId} */
export function resendSimilarBatch(batchId: number): Promise<SimilarBatch> {
  return api.post<SimilarBatch>(`/api/resendBatch/${batchId}`, {});
}

/** What a batch's new state changes: the class's counts; once it has ended, the notebooks and the classes. */
function batchRefresh(client: QueryClient, batch: SimilarBatch): void {
  void client.invalidateQueries({ queryKey: wrongQuestionKeys.class(batch.classId) });
  if (batchEnded(batch.status)) {
    void client.invalidateQueries({ queryKey: [...wrongQuestionKeys.all, 'student'] });
    void client.invalidateQueries({ queryKey: wrongQuestionKeys.classGroups() });
  }
}

/** A batch's state pushed: it is the latest, and replaces the one kept. */
export function batchPushed(client: QueryClient, batch: SimilarBatch): void {
  client.setQueryData(wrongQuestionKeys.batch(batch.batchId), batch);
  batchRefresh(client, batch);
}

/**
 * A call answered with a batch's state. The job may have pushed later states before the answer
 * arrived: the answer is kept only while the batch is still as it was when the call was made
 * (`before`; none for a new batch).
 */
function batchAnswered(client: QueryClient, batch: SimilarBatch, before: SimilarBatch | undefined): void {
  client.setQueryData<SimilarBatch>(wrongQuestionKeys.batch(batch.batchId), (kept) => (kept === before ? batch : kept));
  batchRefresh(client, batch);
}

/**
 * A batch as it stands (null: none), then as its pushes tell: read once when it is not known yet
 * (a batch under way when the page opens), never again while its pushes keep it current.
 */
export function useSimilarBatch(batchId: number | null) {
  return useQuery({
    queryKey: wrongQuestionKeys.batch(batchId ?? 0),
    queryFn: () => getSimilarBatch(batchId ?? 0),
    enabled: batchId !== null && batchId > 0,
    staleTime: Infinity,
  });
}

export function useSendSimilarBatch() {
  const client = useQueryClient();
  return useMutation({ mutationFn: sendSimilarBatch, onSuccess: (batch) => batchAnswered(client, batch, undefined) });
}

export function useResendSimilarBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendSimilarBatch,
    onMutate: (batchId) => ({ before: client.getQueryData<SimilarBatch>(wrongQuestionKeys.batch(batchId)) }),
    onSuccess: (batch, _batchId, context) => batchAnswered(client, batch, context.before),
  });
}
