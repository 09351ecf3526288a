import { describe, expect, it } from 'vitest';
import { calendarYearOf, fiscalQuarterOf, fiscalYearOf, fiscalYearOptions } from './fiscal-year';

describe('fiscal year (June–May)', () => {
  it('assigns months to quarters', () => {
    expect([6, 7, 8].map(fiscalQuarterOf)).toEqual([1, 1, 1]);
    expect([9, 10, 11].map(fiscalQuarterOf)).toEqual([2, 2, 2]);
    expect([12, 1, 2].map(fiscalQuarterOf)).toEqual([3, 3, 3]);
    expect([3, 4, 5].map(fiscalQuarterOf)).toEqual([4, 4, 4]);
  });
  it('puts June–December in the starting calendar year', () => {
    expect(fiscalYearOf(2024, 6)).toBe(2024);
    expect(fiscalYearOf(2024, 12)).toBe(2024);
    expect(fiscalYearOf(2025, 1)).toBe(2024);
    expect(fiscalYearOf(2025, 5)).toBe(2024);
    expect(calendarYearOf(2024, 12)).toBe(2024);
    expect(calendarYearOf(2024, 3)).toBe(2025);
  });
  it('offers next, current and previous years', () => {
    expect(fiscalYearOptions(2024)).toEqual([2025, 2024, 2023]);
  });
});
