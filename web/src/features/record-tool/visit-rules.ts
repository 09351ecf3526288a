// The rules of the record tools that need no server: the days they search (China time, as the
// server's days), the minute of the lesson a timeline note starts at, a record sheet's totals,
// the code in what a scanner read, and the checks of a record sheet being edited (as the server
// makes them). Pure functions; "now" is always given.

import type { LayoutDimension } from '@/generated/LayoutDimension';
import type { ScheduleLesson } from '@/generated/ScheduleLesson';
import { DIMENSION_KEY_PATTERN, MAX_DIMENSION_SCORE, MAX_LAYOUT_DIMENSIONS } from './record-tool-dict';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** China time is UTC+8 all year. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The day (YYYY-MM-DD, China time) of an instant. */
export function chinaDay(millis: number): string {
  return new Date(millis + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` after the day `day` (YYYY-MM-DD). */
export function shiftDay(day: string, days: number): string {
  const start = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(start) ? day : new Date(start + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last 30 days (China time), today included. */
export function lastThirtyDays(now: number): [first: string, last: string] {
  const today = chinaDay(now);
  return [shiftDay(today, -29), today];
}

/** A lesson's length in whole minutes (0 when its end is not after its start). */
export function lessonMinutes(lesson: Pick<ScheduleLesson, 'startTime' | 'endTime'>): number {
  return Math.max(0, Math.floor((lesson.endTime - lesson.startTime) / MINUTE_MS));
}

/**
 * The minute of the lesson a new timeline note is at: the minutes since it started, none before
 * its start and none past its end (a record written up after the lesson).
 */
export function minuteOfLesson(lesson: Pick<ScheduleLesson, 'startTime' | 'endTime'>, now: number): number {
  const since = Math.floor((now - lesson.startTime) / MINUTE_MS);
  return Math.min(Math.max(0, since), lessonMinutes(lesson));
}

/** The sum of the scores given (empty ones count nothing) and of the maxima. */
export function scoreTotals(scores: readonly { score?: number | '' | null; maxScore: number }[]): {
  total: number;
  max: number;
} {
  return scores.reduce(
    (sum, s) => ({ total: sum.total + (typeof s.score === 'number' ? s.score : 0), max: sum.max + s.maxScore }),
    { total: 0, max: 0 },
  );
}

/**
 * The lesson code in what was scanned or pasted: the `code` parameter of a link (whole or a
 * path), or the text itself when it is a bare code; null when there is none.
 */
export function scanCodeOf(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const param = /[?&]code=([^&#\s]*)/.exec(trimmed)?.[1];
  if (param !== undefined) {
    try {
      const code = decodeURIComponent(param.replaceAll('+', ' ')).trim();
      return code || null;
    } catch {
      return null;
    }
  }
  // A link or path without a code is not one; a bare code has no spaces, slashes or queries.
  return /^[^\s/?&#=:]+$/.test(trimmed) ? trimmed : null;
}

/** Why a dimension's key cannot be saved, or null. */
export function dimensionKeyError(key: string, keys: readonly string[]): string | null {
  if (!key.trim()) return '请填写标识';
  if (!DIMENSION_KEY_PATTERN.test(key)) return '标识只能包含字母、数字和下划线，最多 32 个字符';
  return keys.filter((k) => k === key).length > 1 ? '标识不能重复' : null;
}

/** Why a dimension's maximum cannot be saved, or null. */
export function maxScoreError(max: number | string): string | null {
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > MAX_DIMENSION_SCORE) {
    return `满分需为 1 到 ${MAX_DIMENSION_SCORE} 的整数`;
  }
  return null;
}

/** Why the sheet as a whole cannot be saved (how many dimensions it has), or null. */
export function layoutCountError(dimensions: readonly LayoutDimension[]): string | null {
  if (dimensions.length < 1) return '记录表至少需要 1 个维度';
  if (dimensions.length > MAX_LAYOUT_DIMENSIONS) return `记录表最多 ${MAX_LAYOUT_DIMENSIONS} 个维度`;
  return null;
}

/** A key not used yet for a new dimension: dimension_n. */
export function freshDimensionKey(keys: readonly string[]): string {
  let n = keys.length + 1;
  while (keys.includes(`dimension_${n}`)) n += 1;
  return `dimension_${n}`;
}
