import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '@/testing/test-utils';
import { campStatsKeys } from './api/stats-keys';
import { applyCampChange } from './use-statistics-live';

/** A cache holding camp 1's and camp 2's figures and phases, the camp list and the code tables. */
function seeded() {
  const queryClient = createTestQueryClient();
  const keys = [
    campStatsKeys.enums(),
    campStatsKeys.camps({}),
    campStatsKeys.phases(1),
    campStatsKeys.phases(2),
    campStatsKeys.overview(1),
    campStatsKeys.members({ campId: 1, pageNo: 1, pageSize: 30 }),
    campStatsKeys.taskSummary(1, 7),
    campStatsKeys.overview(2),
  ];
  keys.forEach((key) => queryClient.setQueryData(key, {}));
  const stale = () =>
    queryClient
      .getQueryCache()
      .findAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => JSON.stringify(q.queryKey))
      .sort();
  return { queryClient, stale };
}

const keyText = (...keys: (readonly unknown[])[]) => keys.map((k) => JSON.stringify(k)).sort();

describe('applyCampChange', () => {
  it('progress of the camp shown: its figures, not its phases, the list or other camps', async () => {
    const { queryClient, stale } = seeded();
    await applyCampChange(queryClient, { campId: 1, kind: 'progress', memberId: 3, taskId: 7 }, 1);
    expect(stale()).toEqual(
      keyText(
        campStatsKeys.overview(1),
        campStatsKeys.members({ campId: 1, pageNo: 1, pageSize: 30 }),
        campStatsKeys.taskSummary(1, 7),
      ),
    );
  });

  it('a state change of the camp shown: its figures, its phases and the camp list', async () => {
    const { queryClient, stale } = seeded();
    await applyCampChange(queryClient, { campId: 1, kind: 'state' }, 1);
    expect(stale()).toEqual(
      keyText(
        campStatsKeys.camps({}),
        campStatsKeys.phases(1),
        campStatsKeys.overview(1),
        campStatsKeys.members({ campId: 1, pageNo: 1, pageSize: 30 }),
        campStatsKeys.taskSummary(1, 7),
      ),
    );
  });

  it('a structure change: the phases only; another camp’s progress: nothing; its state: the list', async () => {
    const { queryClient, stale } = seeded();
    await applyCampChange(queryClient, { campId: 1, kind: 'structure' }, 1);
    expect(stale()).toEqual(keyText(campStatsKeys.phases(1)));

    const other = seeded();
    await applyCampChange(other.queryClient, { campId: 2, kind: 'progress' }, 1);
    expect(other.stale()).toEqual([]);
    await applyCampChange(other.queryClient, { campId: 2, kind: 'state' }, 1);
    expect(other.stale()).toEqual(keyText(campStatsKeys.camps({})));
  });
});
