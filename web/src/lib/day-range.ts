// Ranges of whole days searched by the reports (spec 02 §3.1): the date shortcuts, the default of
// the last seven days and the check of a chosen range. Pure functions; "today" is always given,
// so tests choose it.

import { formatDate } from './format';

/** Days `[first, last]`, both included, as YYYY-MM-DD. */
export type DayRange = [first: string, last: string];

function dayOffset(today: Date, days: number): string {
  return formatDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days));
}

export interface DateShortcut {
  label: string;
  days: number;
  /** The range ends yesterday (today's figures are not complete yet); else today. */
  endsYesterday: boolean;
}

/** 02 §3.1: the last 7 and 30 days ending yesterday, the last 180 and 365 days. */
export const DATE_SHORTCUTS: readonly DateShortcut[] = [
  { label: '近7天', days: 7, endsYesterday: true },
  { label: '近30天', days: 30, endsYesterday: true },
  { label: '近180天', days: 180, endsYesterday: false },
  { label: '近365天', days: 365, endsYesterday: false },
];

/** The `days` whole days the shortcut means on `today`. */
export function shortcutRange({ days, endsYesterday }: DateShortcut, today: Date): DayRange {
  const last = endsYesterday ? -1 : 0;
  return [dayOffset(today, last - days + 1), dayOffset(today, last)];
}

/** Why a range cannot be searched, or null when it can (an absent range searches none). */
export function dateRangeError(range: DayRange | null): string | null {
  if (!range) return null;
  const [first, last] = range;
  if (!first || !last) return '请选择开始和结束日期';
  return first > last ? '结束日期不能早于开始日期' : null;
}

/** The default range: the last seven days, ending yesterday. */
export function lastSevenDays(today: Date): DayRange {
  return [dayOffset(today, -7), dayOffset(today, -1)];
}
