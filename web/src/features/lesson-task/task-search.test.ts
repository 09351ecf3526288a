import { describe, expect, it } from 'vitest';
import { lessonTimeBounds } from './task-search';

describe('lesson days searched', () => {
  it('runs from the first day’s start to the day after the last, in local time', () => {
    expect(lessonTimeBounds(['2026-11-01', '2026-11-30'])).toEqual({
      startTime: new Date(2026, 10, 1).getTime(),
      endTime: new Date(2026, 11, 1).getTime(),
    });
    expect(lessonTimeBounds(['2026-12-31', '2026-12-31'])).toEqual({
      startTime: new Date(2026, 11, 31).getTime(),
      endTime: new Date(2027, 0, 1).getTime(),
    });
  });

  it('has no bounds without a whole range', () => {
    expect(lessonTimeBounds(null)).toEqual({});
    expect(lessonTimeBounds(['2026-11-01', ''])).toEqual({});
  });
});
