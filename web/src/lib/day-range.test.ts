import { describe, expect, it } from 'vitest';
import { DATE_SHORTCUTS, dateRangeError, lastSevenDays, shortcutRange } from './day-range';

/** Thursday 2026-03-05, local time. */
const today = new Date(2026, 2, 5, 15, 30);

describe('date shortcuts', () => {
  it('count whole days: 7 and 30 ending yesterday, 180 and 365 ending today', () => {
    expect(DATE_SHORTCUTS.map((s) => [s.label, shortcutRange(s, today)])).toEqual([
      ['近7天', ['2026-02-26', '2026-03-04']],
      ['近30天', ['2026-02-03', '2026-03-04']],
      ['近180天', ['2025-09-07', '2026-03-05']],
      ['近365天', ['2025-03-06', '2026-03-05']],
    ]);
  });

  it('default to the last seven days ending yesterday, across a year end', () => {
    expect(lastSevenDays(new Date(2026, 0, 3))).toEqual(['2025-12-27', '2026-01-02']);
  });
});

describe('dateRangeError', () => {
  it('needs both days in order', () => {
    expect(dateRangeError(null)).toBeNull();
    expect(dateRangeError(['2026-03-01', '2026-03-01'])).toBeNull();
    expect(dateRangeError(['2026-03-01', ''])).toBe('请选择开始和结束日期');
    expect(dateRangeError(['2026-03-02', '2026-03-01'])).toBe('结束日期不能早于开始日期');
  });
});
