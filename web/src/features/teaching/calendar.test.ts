import { describe, expect, it } from 'vitest';
import {
  clockRange,
  lessonCountsText,
  lessonLabel,
  lessonsByDay,
  lessonTimeText,
  mondayOf,
  monthWeeks,
  ofClassType,
  parseDay,
  scheduleSpan,
  shiftAnchor,
  spanDays,
  spanRequest,
  spanTitle,
  weekDays,
} from './calendar';
import { scheduleLesson } from './test-helpers';

/** Tuesday 24 November 2026. */
const TUESDAY = new Date(2026, 10, 24);
const at = (d: number, h: number, m = 0) => new Date(2026, 10, d, h, m);

describe('schedule spans', () => {
  it('shows a week Monday to Sunday around any of its days', () => {
    expect(spanRequest(scheduleSpan('week', TUESDAY))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    // Sunday belongs to the week before it, Monday starts one.
    expect(spanRequest(scheduleSpan('week', new Date(2026, 10, 29)))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(spanRequest(scheduleSpan('week', new Date(2026, 10, 30)))).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    // Across a year's end.
    expect(spanRequest(scheduleSpan('week', new Date(2027, 0, 1)))).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(mondayOf(new Date(2026, 10, 23)).getDate()).toBe(23);
  });

  it('shows a month as whole weeks around it, and as its days in the list', () => {
    const grid = scheduleSpan('month', TUESDAY);
    expect(spanRequest(grid)).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(spanDays(grid)).toBe(42);
    expect(spanRequest(scheduleSpan('list', TUESDAY))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    // February 2027 starts on a Monday and ends on a Sunday: four weeks.
    expect(spanDays(scheduleSpan('month', new Date(2027, 1, 10)))).toBe(28);
    expect(spanRequest(scheduleSpan('list', new Date(2028, 1, 10)))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('never asks for more days than the schedule call answers (62)', () => {
    for (let month = 0; month < 24; month += 1) {
      const anchor = new Date(2026, month, 15);
      for (const view of ['week', 'month', 'list'] as const) {
        const days = spanDays(scheduleSpan(view, anchor));
        expect(days).toBeGreaterThanOrEqual(7);
        expect(days).toBeLessThanOrEqual(62);
      }
    }
  });

  it('moves a week by seven days and a month to the 1st of the next', () => {
    expect(shiftAnchor('week', TUESDAY, 1)).toEqual(new Date(2026, 11, 1));
    expect(shiftAnchor('week', TUESDAY, -1)).toEqual(new Date(2026, 10, 17));
    expect(shiftAnchor('month', new Date(2027, 0, 31), 1)).toEqual(new Date(2027, 1, 1));
    expect(shiftAnchor('list', new Date(2027, 0, 31), -1)).toEqual(new Date(2026, 11, 1));
  });

  it('titles the span', () => {
    expect(spanTitle('week', TUESDAY)).toBe('2026-11-23 至 2026-11-29');
    expect(spanTitle('month', TUESDAY)).toBe('2026年11月');
    expect(spanTitle('list', new Date(2027, 0, 5))).toBe('2027年1月');
  });

  it('reads a day of the URL, refusing what is no day', () => {
    expect(parseDay('2026-11-24')).toEqual(TUESDAY);
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('24/11/2026')).toBeNull();
    expect(parseDay(null)).toBeNull();
  });
});

describe('calendar grids', () => {
  const lessons = [
    scheduleLesson(3, at(24, 19)),
    scheduleLesson(1, at(24, 9)),
    scheduleLesson(2, at(26, 15), { online: true, classType: 4, className: '初二数学直播同步班' }),
    scheduleLesson(4, at(2, 10)),
    // Another month's, outside the grid.
    scheduleLesson(5, new Date(2026, 8, 1, 10)),
  ];

  it('lays the week out Monday to Sunday, each day its lessons in time order, today marked', () => {
    const days = weekDays(TUESDAY, lessons, TUESDAY);
    expect(days.map((d) => d.key)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(days.map((d) => d.lessons.map((l) => l.id))).toEqual([[], [1, 3], [], [2], [], [], []]);
    expect(days.filter((d) => d.today).map((d) => d.key)).toEqual(['2026-11-24']);
    // Another week has no today.
    expect(weekDays(new Date(2026, 11, 2), lessons, TUESDAY).some((d) => d.today)).toBe(false);
  });

  it('lays the month out in weeks, the days of the months around it marked', () => {
    const weeks = monthWeeks(TUESDAY, lessons, TUESDAY);
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]![0]!.key).toBe('2026-10-26');
    expect(weeks[0]![0]!.inMonth).toBe(false);
    expect(weeks[0]![6]!.key).toBe('2026-11-01');
    expect(weeks[0]![6]!.inMonth).toBe(true);
    expect(weeks[5]![6]!.key).toBe('2026-12-06');
    const days = weeks.flat();
    expect(days.find((d) => d.key === '2026-11-24')?.lessons.map((l) => l.id)).toEqual([1, 3]);
    expect(days.find((d) => d.key === '2026-11-02')?.lessons.map((l) => l.id)).toEqual([4]);
    expect(days.flatMap((d) => d.lessons).map((l) => l.id)).not.toContain(5);
    expect(days.filter((d) => d.today)).toHaveLength(1);
  });

  it('groups lessons by local day', () => {
    const byDay = lessonsByDay([scheduleLesson(1, at(24, 23, 30)), scheduleLesson(2, at(25, 0, 10))]);
    expect([...byDay.keys()]).toEqual(['2026-11-24', '2026-11-25']);
  });

  it('filters by class type', () => {
    expect(ofClassType(lessons, 4).map((l) => l.id)).toEqual([2]);
    expect(ofClassType(lessons, null)).toHaveLength(5);
  });
});

describe('lesson texts', () => {
  it('tells a lesson by its hours, class and title', () => {
    const lesson = scheduleLesson(1, at(24, 9));
    expect(clockRange(lesson.startTime, lesson.endTime)).toBe('09:00–11:00');
    expect(lessonLabel(lesson)).toBe('09:00–11:00 高一数学精品班 第1讲');
    expect(lessonTimeText(lesson.startTime, lesson.endTime)).toBe('2026-11-24 周二 09:00–11:00');
    expect(lessonTimeText(lesson.startTime, 0)).toBe('2026-11-24 周二 09:00');
    expect(lessonTimeText(0, 0)).toBe('-');
  });

  it('counts those present once a lesson is held, else those expected', () => {
    expect(lessonCountsText(scheduleLesson(1, at(24, 9)))).toBe('到课 8/11');
    expect(lessonCountsText(scheduleLesson(1, at(24, 9), { status: 0, presentCount: 0 }))).toBe('学生 11');
  });
});
