import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatLessonTime,
  formatMoment,
  formatStay,
  lessonStateBadge,
  presenceBadge,
  studentBadge,
} from './live-dict';
import { absent, at, inRoom, left, liveStudent, START } from './test-helpers';

describe('live lesson formats', () => {
  it('writes seconds as mm:ss, and h:mm:ss from an hour on', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65.9)).toBe('01:05');
    expect(formatClock(3599)).toBe('59:59');
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(5400 + 7)).toBe('1:30:07');
  });

  it("writes a stay's length, '-' for someone who never entered", () => {
    expect(formatStay(left())).toBe('35:10');
    expect(formatStay(inRoom(), 1201)).toBe('20:01');
    expect(formatStay(absent())).toBe('-');
    expect(formatStay({ inRoom: true, firstEntryAt: at(1), seconds: 0, entries: 1 })).toBe('00:00');
  });

  it("writes a lesson's time with the end's day only when it is another", () => {
    expect(formatLessonTime(START, at(90))).toBe('2026-03-02 19:00–20:30');
    expect(formatLessonTime(START, at(6 * 60))).toBe('2026-03-02 19:00–2026-03-03 01:00');
  });

  it('writes a moment of the lesson as its time of day, with the date on another day', () => {
    expect(formatMoment(at(1, 5), START)).toBe('19:01:05');
    expect(formatMoment(at(5 * 60 + 10), START)).toBe('2026-03-03 00:10');
    expect(formatMoment(undefined, START)).toBe('-');
  });

  it('names presences and states', () => {
    expect(presenceBadge(inRoom()).text).toBe('在教室');
    expect(presenceBadge(left()).text).toBe('已离开');
    expect(presenceBadge(absent()).text).toBe('未进入');
    expect(studentBadge(liveStudent(1, absent(), { onLeave: true })).text).toBe('请假');
    // The leave is told even when the student came after all (their times still show).
    expect(studentBadge(liveStudent(1, inRoom(), { onLeave: true })).text).toBe('请假');
    expect(lessonStateBadge(1)).toEqual({ text: '上课中', color: 'green' });
    expect(lessonStateBadge(3).text).toBe('已取消');
  });
});
