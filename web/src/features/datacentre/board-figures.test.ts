import { describe, expect, it } from 'vitest';
import { stayRateBars } from './board-figures';

describe('stay-rate bars', () => {
  it('are percentages, without a bar for a month without a base', () => {
    expect(
      stayRateBars([
        { month: '2026-01', baseCount: 4, stayCount: 3, stayRate: 0.75 },
        { month: '2026-02', baseCount: 0, stayCount: 0, stayRate: -1 },
      ]),
    ).toEqual([
      { month: '2026-01', stayRate: 75 },
      { month: '2026-02', stayRate: null },
    ]);
  });
});
