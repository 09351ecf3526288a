// The periods of an analysis or a report: whole days in China time (UTC+8, the server's days),
// chosen as [first day, last day] and sent as epoch ms `[from, to)` (from the first day's start to
// the start of the day after the last). 90 days to today by default, 366 at most. Pure functions;
// "now" is always given.

import { MAX_ANALYSIS_DAYS } from './analysis-dict';

const DAY_MS = 86_400_000;
/** China time is UTC+8 all year. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The days an analysis covers when none are chosen. */
export const DEFAULT_DAYS = 90;

/** Days `[first, last]`, both included, as YYYY-MM-DD. */
export type DayRange = [first: string, last: string];

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A valid day (YYYY-MM-DD)? */
export const isDay = (text: string | null | undefined): text is string =>
  !!text && DAY_PATTERN.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/** The day (YYYY-MM-DD, China time) of an instant. */
export function chinaDay(millis: number): string {
  return new Date(millis + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a day (YYYY-MM-DD) starts in China time. */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS;
}

/** The day `days` after `day`. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last `days` days to today (China time), today included. */
export function lastDays(now: number, days = DEFAULT_DAYS): DayRange {
  const today = chinaDay(now);
  return [shiftDay(today, 1 - days), today];
}

/** How many days a range holds, both ends included. */
export const daysOf = ([first, last]: DayRange) =>
  Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1;

/** Why a range cannot be analysed, or null. */
export function periodError(range: DayRange | null): string | null {
  if (!range || !isDay(range[0]) || !isDay(range[1])) return '请选择开始和结束日期';
  if (range[0] > range[1]) return '结束日期不能早于开始日期';
  return daysOf(range) > MAX_ANALYSIS_DAYS ? `时间范围最长 ${MAX_ANALYSIS_DAYS} 天` : null;
}

/** The period `[from, to)` in epoch ms of a range of days. */
export function periodOf([first, last]: DayRange): { from: number; to: number } {
  return { from: dayStart(first), to: dayStart(last) + DAY_MS };
}

/** The days of a period `[from, to)`. */
export function rangeOf(from: number, to: number): DayRange {
  return [chinaDay(from), chinaDay(Math.max(from, to - 1))];
}

/** A period as its days: '2026-03-01 至 2026-05-29'. */
export function periodText(from: number, to: number): string {
  const [first, last] = rangeOf(from, to);
  return `${first} 至 ${last}`;
}

/** The whole China day of an instant as a period (a single-paper report's). */
export function dayPeriod(millis: number): { from: number; to: number } {
  return periodOf([chinaDay(millis), chinaDay(millis)]);
}

/** Shortcuts of the period fields. */
export const PERIOD_SHORTCUTS: readonly { label: string; days: number }[] = [
  { label: '近30天', days: 30 },
  { label: '近90天', days: 90 },
  { label: '近180天', days: 180 },
  { label: '近一年', days: 365 },
];
