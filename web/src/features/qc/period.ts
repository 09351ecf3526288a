// The period the QC screens search (spec 02 §3.1, §5): a range of days, or a fiscal year narrowed
// step by step to a quarter, a month of that quarter (`/period/quarterMonthList`) and a fiscal
// week of that month (`/period/monthWeekList`). The two exclude each other, and choosing a wider
// step again drops the narrower ones that no longer belong to it. Pure functions.

import type { PeriodItem } from '@/generated/PeriodItem';
import type { QcSearch } from '@/generated/QcSearch';
import { type DayRange, dateRangeError } from '@/lib/day-range';
import { FISCAL_QUARTER_MONTHS, type FiscalQuarter, fiscalYearOptions } from '@/lib/fiscal-year';

export interface PeriodState {
  /** The days searched; null while a fiscal period is searched. */
  dateVal: DayRange | null;
  fiscalYear: number | null;
  quarterCode: number | null;
  /** A calendar month (1–12) of the quarter. */
  month: number | null;
  /** A fiscal week of the month. */
  fweekId: number | null;
}

export interface Choice {
  value: string;
  label: string;
}

const NO_FISCAL = { fiscalYear: null, quarterCode: null, month: null, fweekId: null } as const;

export function datePeriod(dateVal: DayRange): PeriodState {
  return { dateVal, ...NO_FISCAL };
}

/** A range of days (null: none, which leaves the fiscal period as it is). */
export function withDates(period: PeriodState, dateVal: DayRange | null): PeriodState {
  return dateVal ? datePeriod(dateVal) : { ...period, dateVal: null };
}

/** A fiscal year instead of days (null: no fiscal period); narrower choices start over. */
export function withFiscalYear(period: PeriodState, fiscalYear: number | null): PeriodState {
  if (fiscalYear === null) return { ...period, ...NO_FISCAL };
  if (fiscalYear === period.fiscalYear) return period;
  return { dateVal: null, ...NO_FISCAL, fiscalYear };
}

export function withQuarter(period: PeriodState, quarterCode: number | null): PeriodState {
  if (quarterCode === period.quarterCode) return period;
  return { ...period, quarterCode, month: null, fweekId: null };
}

export function withMonth(period: PeriodState, month: number | null): PeriodState {
  if (month === period.month) return period;
  return { ...period, month, fweekId: null };
}

export function withWeek(period: PeriodState, fweekId: number | null): PeriodState {
  return { ...period, fweekId };
}

/** Why the period cannot be searched, or null. */
export function periodError(period: PeriodState): string | null {
  if (period.dateVal) return dateRangeError(period.dateVal);
  return period.fiscalYear === null ? '请选择日期或财年' : null;
}

/** The period on the wire: the days, or the fiscal year with the steps chosen. */
export function periodWire(
  period: PeriodState,
): Pick<QcSearch, 'beginTimeStart' | 'beginTimeEnd' | 'fiscalYear' | 'quarterCode' | 'month' | 'fweekId'> {
  if (period.dateVal) {
    const [beginTimeStart, beginTimeEnd] = period.dateVal;
    return { beginTimeStart, beginTimeEnd };
  }
  if (period.fiscalYear === null) return {};
  const wire: ReturnType<typeof periodWire> = { fiscalYear: period.fiscalYear };
  if (period.quarterCode !== null) wire.quarterCode = period.quarterCode;
  if (period.month !== null) wire.month = period.month;
  if (period.fweekId !== null) wire.fweekId = period.fweekId;
  return wire;
}

/** The fiscal years offered (02 §5): the next, the current and the last. */
export function fiscalYearChoices(current: number): Choice[] {
  return fiscalYearOptions(current).map((y) => ({ value: String(y), label: `${y}财年` }));
}

/** Q1–Q4 with their months: Q1（6-8月）, …, Q3（12-2月）. */
export function quarterChoices(): Choice[] {
  return ([1, 2, 3, 4] as const).map((q: FiscalQuarter) => {
    const months = FISCAL_QUARTER_MONTHS[q];
    return { value: String(q), label: `Q${q}（${months[0]}-${months[2]}月）` };
  });
}

/** Months or weeks of the server's calendar, with their days (`MM-DD~MM-DD`). */
export function periodItemChoices(items: readonly PeriodItem[]): Choice[] {
  const day = (date: string) => date.slice(5);
  return items.map((item) => ({
    value: String(item.id),
    label: `${item.name}（${day(item.startDate)}~${day(item.endDate)}）`,
  }));
}
