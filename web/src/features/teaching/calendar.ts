// My schedule's calendar (我的课表): which days a view shows around a day (a week Monday to
// Sunday, a month's grid of whole weeks, a month's list), moving a view back and forth, and the
// lessons laid out per day. Days are local (the app runs in China time, as the server's days);
// pure functions, "today" is always given, so tests choose it.

import type { ScheduleLesson } from '@/generated/ScheduleLesson';
import type { ScheduleRequest } from '@/generated/ScheduleRequest';
import { formatDate } from '@/lib/format';

export type ScheduleView = 'week' | 'month' | 'list';

export const SCHEDULE_VIEWS: readonly { value: ScheduleView; label: string }[] = [
  { value: 'week', label: '周' },
  { value: 'month', label: '月' },
  { value: 'list', label: '列表' },
];

export const isScheduleView = (v: string | null): v is ScheduleView => SCHEDULE_VIEWS.some((s) => s.value === v);

export const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

/** The days `[first, last]` a view shows, both included. */
export interface DaySpan {
  first: Date;
  last: Date;
}

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** The Monday of the week (Monday to Sunday) holding `date`. */
export function mondayOf(date: Date): Date {
  return addDays(date, -((date.getDay() + 6) % 7));
}

/** 周一 … 周日 of a day. */
export function weekdayName(date: Date): string {
  return WEEKDAYS[(date.getDay() + 6) % 7] ?? '';
}

/** A YYYY-MM-DD day as a local date; null when it is no such day. */
export function parseDay(text: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

const firstOfMonth = (date: Date) => new Date(date.getFullYear(), date.getMonth(), 1);
const lastOfMonth = (date: Date) => new Date(date.getFullYear(), date.getMonth() + 1, 0);

/**
 * The days a view shows around `anchor`: its week (Monday to Sunday); its month's grid, from the
 * Monday of the week of the 1st to the Sunday of the week of the last day (at most six weeks);
 * its month as a list (the 1st to the last day).
 */
export function scheduleSpan(view: ScheduleView, anchor: Date): DaySpan {
  switch (view) {
    case 'week': {
      const first = mondayOf(anchor);
      return { first, last: addDays(first, 6) };
    }
    case 'month':
      return { first: mondayOf(firstOfMonth(anchor)), last: addDays(mondayOf(lastOfMonth(anchor)), 6) };
    case 'list':
      return { first: firstOfMonth(anchor), last: lastOfMonth(anchor) };
  }
}

/** The days of a span, both included. */
export function spanDays({ first, last }: DaySpan): number {
  return Math.round((startOfDay(last).getTime() - startOfDay(first).getTime()) / 86_400_000) + 1;
}

/** The schedule call's body for a span. */
export function spanRequest({ first, last }: DaySpan): ScheduleRequest {
  return { from: formatDate(first), to: formatDate(last) };
}

/** The day a view shows after moving `step` weeks (week view) or months (month and list views). */
export function shiftAnchor(view: ScheduleView, anchor: Date, step: number): Date {
  if (view === 'week') return addDays(anchor, 7 * step);
  return new Date(anchor.getFullYear(), anchor.getMonth() + step, 1);
}

/** What the view shows, as its heading says: 2026-11-23 至 2026-11-29, or 2026年11月. */
export function spanTitle(view: ScheduleView, anchor: Date): string {
  if (view === 'week') {
    const { first, last } = scheduleSpan('week', anchor);
    return `${formatDate(first)} 至 ${formatDate(last)}`;
  }
  return `${anchor.getFullYear()}年${anchor.getMonth() + 1}月`;
}

/** The local day of an instant, YYYY-MM-DD. */
export const dayKey = (millis: number) => formatDate(new Date(millis));

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An instant's local time of day, HH:mm. */
export function clockText(millis: number): string {
  const date = new Date(millis);
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** A lesson's hours: 09:00–11:00 (its start alone when the end is not given). */
export function clockRange(start: number, end: number): string {
  return end > start ? `${clockText(start)}–${clockText(end)}` : clockText(start);
}

/** A lesson's day and hours: 2026-11-24 周二 09:00–11:00; no start '-'. */
export function lessonTimeText(start: number, end: number): string {
  if (start <= 0) return '-';
  return `${dayKey(start)} ${weekdayName(new Date(start))} ${clockRange(start, end)}`;
}

/** Lessons by their local day, each day's in time order. */
export function lessonsByDay(lessons: readonly ScheduleLesson[]): Map<string, ScheduleLesson[]> {
  const days = new Map<string, ScheduleLesson[]>();
  for (const lesson of [...lessons].sort((a, b) => a.startTime - b.startTime || a.id - b.id)) {
    const key = dayKey(lesson.startTime);
    const day = days.get(key);
    if (day) day.push(lesson);
    else days.set(key, [lesson]);
  }
  return days;
}

/** A day of a calendar with its lessons. */
export interface CalendarDay {
  /** YYYY-MM-DD. */
  key: string;
  date: Date;
  today: boolean;
  /** In the month shown (a month grid's days of the weeks around it are not). */
  inMonth: boolean;
  lessons: ScheduleLesson[];
}

function calendarDays(first: Date, count: number, month: number, lessons: readonly ScheduleLesson[], today: Date) {
  const byDay = lessonsByDay(lessons);
  const todayKey = formatDate(today);
  return Array.from({ length: count }, (_, i): CalendarDay => {
    const date = addDays(first, i);
    const key = formatDate(date);
    return { key, date, today: key === todayKey, inMonth: date.getMonth() === month, lessons: byDay.get(key) ?? [] };
  });
}

/** The week of `anchor`, Monday to Sunday, each day with its lessons. */
export function weekDays(anchor: Date, lessons: readonly ScheduleLesson[], today: Date): CalendarDay[] {
  const { first } = scheduleSpan('week', anchor);
  return calendarDays(first, 7, anchor.getMonth(), lessons, today).map((d) => ({ ...d, inMonth: true }));
}

/** The month grid of `anchor`: whole weeks, Monday first, each day with its lessons. */
export function monthWeeks(anchor: Date, lessons: readonly ScheduleLesson[], today: Date): CalendarDay[][] {
  const span = scheduleSpan('month', anchor);
  const days = calendarDays(span.first, spanDays(span), anchor.getMonth(), lessons, today);
  return Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
}

/** The lessons of a class type (null: every lesson). */
export function ofClassType(lessons: readonly ScheduleLesson[], classType: number | null): ScheduleLesson[] {
  return classType === null ? [...lessons] : lessons.filter((l) => l.classType === classType);
}

/** A lesson's accessible name: its hours, class and title. */
export function lessonLabel(lesson: ScheduleLesson): string {
  return `${clockRange(lesson.startTime, lesson.endTime)} ${lesson.className} ${lesson.title}`;
}

/** A lesson's students: those present of those expected once it is held (到课 8/9), else 学生 9. */
export function lessonCountsText(lesson: ScheduleLesson): string {
  return lesson.status === 1 ? `到课 ${lesson.presentCount}/${lesson.studentCount}` : `学生 ${lesson.studentCount}`;
}
