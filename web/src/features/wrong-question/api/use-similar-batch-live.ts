// Batch sends follow their pushes (no poll). `magic_similar_batch` (value SimilarBatch) is pushed
// on every state change of a batch of the user's: it replaces the batch's cached state, and once
// the batch has ended the class's counts and the notebooks are read again.
// `magic_batch_send_error_similar_item` (value {batchId, title}; the error-book notice's id) says
// some items failed: the batch is read again for its failures. After the push socket reconnects a
// push may have been missed: every wrong-question query is read again.

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TypeCode } from '@/generated/codes';
import type { SimilarBatch } from '@/generated/SimilarBatch';
import type { SimilarBatchFailure } from '@/generated/SimilarBatchFailure';
import { realtime, type RealtimeClient, type RealtimeMessage } from '@/lib/realtime';
import { batchPushed } from './similar-batch';
import { wrongQuestionKeys } from './wrong-question-keys';

const objectValue = (message: RealtimeMessage): Record<string, unknown> | null => {
  const value = message.content?.value;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
};

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function failureOf(value: unknown): SimilarBatchFailure | null {
  if (typeof value !== 'object' || value === null) return null;
  const { studentId, studentName, questionId, reason } = value as Record<string, unknown>;
  if (!isNumber(studentId) || !isNumber(questionId)) return null;
  return {
    studentId,
    studentName: typeof studentName === 'string' ? studentName : '',
    questionId,
    reason: typeof reason === 'string' ? reason : '',
  };
}

/** The SimilarBatch a push carries, or null. */
export function similarBatchOf(message: RealtimeMessage): SimilarBatch | null {
  const value = objectValue(message);
  if (!value) return null;
  const { batchId, classId, status, total, sent, failed, failures, createTime } = value;
  if (!isNumber(batchId) || !isNumber(classId) || !isNumber(status)) return null;
  return {
    batchId,
    classId,
    status,
    total: isNumber(total) ? total : 0,
    sent: isNumber(sent) ? sent : 0,
    failed: isNumber(failed) ? failed : 0,
    failures: Array.isArray(failures) ? failures.flatMap((f) => failureOf(f) ?? []) : [],
    createTime: isNumber(createTime) ? createTime : 0,
  };
}

/** The batch a failure notice names, or null. */
export function failedBatchIdOf(message: RealtimeMessage): number | null {
  const batchId = objectValue(message)?.batchId;
  return isNumber(batchId) ? batchId : null;
}

/** Keeps the cached batches and wrong questions in step with the pushes. */
export function useSimilarBatchLive(client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offs = [
      client.subscribe(TypeCode.SimilarBatchProgress, (message) => {
        const batch = similarBatchOf(message);
        if (batch) batchPushed(queryClient, batch);
      }),
      client.subscribe(TypeCode.SimilarItemsSendFailed, (message) => {
        const batchId = failedBatchIdOf(message);
        if (batchId !== null) void queryClient.invalidateQueries({ queryKey: wrongQuestionKeys.batch(batchId) });
      }),
      client.onReconnected(() => void queryClient.invalidateQueries({ queryKey: wrongQuestionKeys.all })),
    ];
    return () => offs.forEach((off) => off());
  }, [client, queryClient]);
}
