import { describe, expect, it, vi } from 'vitest';
import { connectedClient, pushContent } from '@/testing/fake-socket';
import { createTestQueryClient, renderHook } from '@/testing/test-utils';
import { similarBatch } from '../test-helpers';
import { failedBatchIdOf, similarBatchOf, useSimilarBatchLive } from './use-similar-batch-live';
import { wrongQuestionKeys } from './wrong-question-keys';

const message = (value: unknown) => ({
  id: '1',
  typeCode: 'magic_similar_batch',
  content: pushContent({ value: value as never }),
});

describe('similar batch pushes', () => {
  it('reads a SimilarBatch and a failure notice from a push, and nothing else', () => {
    const failure = { studentId: 1, studentName: '学员1', questionId: 7, reason: '暂无可用的相似题' };
    expect(
      similarBatchOf(message({ ...similarBatch({ status: 4, failed: 1 }), failures: [failure, { x: 1 }] })),
    ).toEqual(similarBatch({ status: 4, failed: 1, failures: [failure] }));
    expect(similarBatchOf(message({ batchId: '9', classId: 57, status: 1 }))).toBeNull();
    expect(similarBatchOf(message(null))).toBeNull();
    expect(failedBatchIdOf(message({ batchId: 9, title: '错题相似题发送失败' }))).toBe(9);
    expect(failedBatchIdOf(message({ title: 'x' }))).toBeNull();
  });

  it('keeps the batch pushed; an ended batch reads the class and the notebooks again; a reconnect reads all', () => {
    vi.useFakeTimers();
    try {
      const { client, socket } = connectedClient();
      const queryClient = createTestQueryClient();
      const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
      renderHook(() => useSimilarBatchLive(client), { queryClient });

      socket.push(1, 'magic_similar_batch', pushContent({ value: similarBatch({ status: 2, sent: 1 }) }));
      expect(queryClient.getQueryData(wrongQuestionKeys.batch(9))).toEqual(similarBatch({ status: 2, sent: 1 }));
      expect(invalidate.mock.calls.map(([f]) => f?.queryKey)).toEqual([wrongQuestionKeys.class(57)]);

      socket.push(2, 'magic_similar_batch', pushContent({ value: similarBatch({ status: 3, sent: 4 }) }));
      expect(queryClient.getQueryData(wrongQuestionKeys.batch(9))).toMatchObject({ status: 3, sent: 4 });
      expect(invalidate.mock.calls.slice(1).map(([f]) => f?.queryKey)).toEqual([
        wrongQuestionKeys.class(57),
        ['wrongQuestion', 'student'],
        wrongQuestionKeys.classGroups(),
      ]);

      socket.push(3, 'magic_batch_send_error_similar_item', pushContent({ id: 70, value: { batchId: 9, title: 't' } }));
      expect(invalidate).toHaveBeenLastCalledWith({ queryKey: wrongQuestionKeys.batch(9) });

      socket.drop();
      vi.advanceTimersByTime(2_000);
      socket.open();
      expect(invalidate).toHaveBeenLastCalledWith({ queryKey: wrongQuestionKeys.all });
    } finally {
      vi.useRealTimers();
    }
  });
});
