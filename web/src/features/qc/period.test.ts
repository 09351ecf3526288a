import { describe, expect, it } from 'vitest';
import {
  datePeriod,
  fiscalYearChoices,
  periodError,
  periodItemChoices,
  type PeriodState,
  periodWire,
  quarterChoices,
  withDates,
  withFiscalYear,
  withMonth,
  withQuarter,
  withWeek,
} from './period';

const days = datePeriod(['2026-03-01', '2026-03-07']);
/** FY2025, Q3, February, fiscal week 38. */
const week: PeriodState = { dateVal: null, fiscalYear: 2025, quarterCode: 3, month: 2, fweekId: 38 };

describe('period options', () => {
  it('offer the next, the current and the last fiscal year', () => {
    expect(fiscalYearChoices(2025)).toEqual([
      { value: '2026', label: '2026财年' },
      { value: '2025', label: '2025财年' },
      { value: '2024', label: '2024财年' },
    ]);
  });

  it('name the quarters with their months, Q3 across the year end', () => {
    expect(quarterChoices().map((c) => [c.value, c.label])).toEqual([
      ['1', 'Q1（6-8月）'],
      ['2', 'Q2（9-11月）'],
      ['3', 'Q3（12-2月）'],
      ['4', 'Q4（3-5月）'],
    ]);
  });

  it("give the server's months and weeks with their days", () => {
    expect(
      periodItemChoices([
        { id: 37, name: '第37周', startDate: '2026-02-09', endDate: '2026-02-15' },
        { id: 12, name: '12月', startDate: '2025-12-01', endDate: '2025-12-31' },
      ]),
    ).toEqual([
      { value: '37', label: '第37周（02-09~02-15）' },
      { value: '12', label: '12月（12-01~12-31）' },
    ]);
  });
});

describe('period steps', () => {
  it('make dates and a fiscal year exclude each other', () => {
    const fiscal = withFiscalYear(days, 2025);
    expect(fiscal).toEqual({ dateVal: null, fiscalYear: 2025, quarterCode: null, month: null, fweekId: null });
    expect(withDates(week, ['2026-01-01', '2026-01-31'])).toEqual(datePeriod(['2026-01-01', '2026-01-31']));
    // Clearing the dates keeps the rest; clearing the year drops every fiscal step.
    expect(withDates(days, null)).toEqual({ ...days, dateVal: null });
    expect(withFiscalYear(week, null)).toEqual({
      dateVal: null,
      fiscalYear: null,
      quarterCode: null,
      month: null,
      fweekId: null,
    });
  });

  it('drop the narrower steps when a wider one changes, and keep them when it does not', () => {
    expect(withFiscalYear(week, 2025)).toBe(week);
    expect(withFiscalYear(week, 2024)).toEqual({
      ...week,
      fiscalYear: 2024,
      quarterCode: null,
      month: null,
      fweekId: null,
    });
    expect(withQuarter(week, 3)).toBe(week);
    expect(withQuarter(week, 4)).toEqual({ ...week, quarterCode: 4, month: null, fweekId: null });
    expect(withMonth(week, 2)).toBe(week);
    expect(withMonth(week, 1)).toEqual({ ...week, month: 1, fweekId: null });
    expect(withWeek(week, null)).toEqual({ ...week, fweekId: null });
  });

  it('go on the wire as days or as the fiscal steps chosen', () => {
    expect(periodWire(days)).toEqual({ beginTimeStart: '2026-03-01', beginTimeEnd: '2026-03-07' });
    expect(periodWire(week)).toEqual({ fiscalYear: 2025, quarterCode: 3, month: 2, fweekId: 38 });
    expect(periodWire(withQuarter(week, 1))).toEqual({ fiscalYear: 2025, quarterCode: 1 });
    expect(periodWire(withFiscalYear(days, null))).toEqual({
      beginTimeStart: '2026-03-01',
      beginTimeEnd: '2026-03-07',
    });
    expect(periodWire({ ...week, fiscalYear: null, quarterCode: null, month: null, fweekId: null })).toEqual({});
  });

  it('need days in order or a fiscal year', () => {
    expect(periodError(days)).toBeNull();
    expect(periodError(week)).toBeNull();
    expect(periodError(datePeriod(['2026-03-07', '2026-03-01']))).toBe('结束日期不能早于开始日期');
    expect(periodError(withFiscalYear(week, null))).toBe('请选择日期或财年');
  });
});
