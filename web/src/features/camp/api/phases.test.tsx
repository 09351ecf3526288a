import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampPhase } from '@/generated/CampPhase';
import { bodiesOf, envelope, mockFetch, renderHook, urlsOf, waitFor } from '@/testing/test-utils';
import { campPhase } from '../test-helpers';
import { campKeys } from './camp-keys';
import { useCampPhases, useReorderPhases, useReorderTasks } from './phases';

afterEach(() => vi.unstubAllGlobals());

const ids = (phases: CampPhase[] | undefined) => phases?.map((p) => [p.phaseId, p.tasks.map((t) => t.taskId)]);

describe('reorders', () => {
  it('show the new order at once, then the server’s; the camp’s info reads again', async () => {
    let stored = [campPhase(10, [1, 2]), campPhase(20, [3])];
    let answer = (): Response => envelope(stored);
    const fetch = mockFetch([
      ['POST', '/api/camp/phase', () => envelope(stored)],
      ['POST', '/api/camp/update-phase-seqno', () => answer()],
      ['POST', '/api/camp/update-phase-task-seqno', () => answer()],
      ['POST', '/api/camp/info', () => envelope(null)],
    ]);
    const { result, queryClient } = renderHook(() => ({
      phases: useCampPhases(5),
      reorderPhases: useReorderPhases(),
      reorderTasks: useReorderTasks(),
    }));
    await waitFor(() => expect(result.current.phases.isSuccess).toBe(true));

    let release = () => {};
    answer = () => {
      const next = envelope((stored = [campPhase(20, [3]), campPhase(10, [1, 2])]));
      return new Promise<Response>((r) => (release = () => r(next))) as unknown as Response;
    };
    result.current.reorderPhases.mutate({ campId: 5, phaseIds: [20, 10] });
    await waitFor(() =>
      expect(ids(result.current.phases.data)).toEqual([
        [20, [3]],
        [10, [1, 2]],
      ]),
    );
    release();
    await waitFor(() => expect(result.current.reorderPhases.isSuccess).toBe(true));
    expect(bodiesOf(fetch, '/api/camp/update-phase-seqno')).toEqual([{ campId: 5, phaseIds: [20, 10] }]);
    expect(queryClient.getQueryData(campKeys.phases(5))).toEqual(stored);

    answer = () => envelope(stored.map((p) => (p.phaseId === 10 ? campPhase(10, [2, 1]) : p)));
    result.current.reorderTasks.mutate({ campId: 5, phaseId: 10, taskIds: [2, 1] });
    await waitFor(() =>
      expect(ids(result.current.phases.data)).toEqual([
        [20, [3]],
        [10, [2, 1]],
      ]),
    );
    expect(bodiesOf(fetch, '/api/camp/update-phase-task-seqno')).toEqual([{ campId: 5, phaseId: 10, taskIds: [2, 1] }]);
  });

  it('read the phases again when the server refuses a stale order (A0409)', async () => {
    const stored = [campPhase(10, [1, 2, 3])];
    const fetch = mockFetch([
      ['POST', '/api/camp/phase', () => envelope(stored)],
      ['POST', '/api/camp/update-phase-task-seqno', () => envelope(null, 'A0409', '任务已变化，请刷新后重试', 409)],
    ]);
    const { result } = renderHook(() => ({ phases: useCampPhases(5), reorder: useReorderTasks() }));
    await waitFor(() => expect(result.current.phases.isSuccess).toBe(true));
    fetch.mockClear();
    // Another tab added task 3 meanwhile: this tab's order lacks it.
    result.current.reorder.mutate({ campId: 5, phaseId: 10, taskIds: [2, 1] });
    await waitFor(() => expect(result.current.reorder.isError).toBe(true));
    await waitFor(() => expect(urlsOf(fetch)).toContain('/api/camp/phase'));
    await waitFor(() => expect(ids(result.current.phases.data)).toEqual([[10, [1, 2, 3]]]));
  });
});
