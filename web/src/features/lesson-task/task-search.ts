// The search of 教师批改's list of tasks with answers: the days of the lessons (both included, in the
// browser's time zone) as the call's instants, from the first day's start (inclusive) to the day
// after the last (exclusive).

import type { DayRange } from '@/lib/day-range';

const startOfDay = (day: string) => {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
};

/** The lesson-time bounds of a range of days (none: no bounds). */
export function lessonTimeBounds(range: DayRange | null): { startTime?: number; endTime?: number } {
  if (!range?.[0] || !range[1]) return {};
  const first = startOfDay(range[0]);
  const last = startOfDay(range[1]);
  return {
    startTime: first.getTime(),
    endTime: new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1).getTime(),
  };
}
