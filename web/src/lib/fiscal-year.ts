// The fiscal year runs June to May (spec 01 §5): Q1 Jun-Aug, Q2 Sep-Nov, Q3 Dec-Feb,
// Q4 Mar-May. Months 6-12 belong to the calendar year that starts the fiscal year.

export type FiscalQuarter = 1 | 2 | 3 | 4;

export const FISCAL_QUARTER_MONTHS: Record<FiscalQuarter, [number, number, number]> = {
  1: [6, 7, 8],
  2: [9, 10, 11],
  3: [12, 1, 2],
  4: [3, 4, 5],
};

/** The fiscal year a calendar month (1-12) of `year` belongs to. */
export function fiscalYearOf(year: number, month: number): number {
  return month >= 6 ? year : year - 1;
}

/** The fiscal quarter of a calendar month (1-12). */
export function fiscalQuarterOf(month: number): FiscalQuarter {
  if (month >= 6 && month <= 8) return 1;
  if (month >= 9 && month <= 11) return 2;
  if (month === 12 || month <= 2) return 3;
  return 4;
}

/** The calendar year of a month within fiscal year `fiscalYear`. */
export function calendarYearOf(fiscalYear: number, month: number): number {
  return month >= 6 ? fiscalYear : fiscalYear + 1;
}

/** Fiscal-year choices: current + 1, current, current - 1. */
export function fiscalYearOptions(current: number): number[] {
  return [current + 1, current, current - 1];
}
