// The live lessons' values and how they are shown: the watch's length and the patrol remark's
// limit (copied from protocol `dto::live_lesson`, which codes.ts does not carry; the protocol
// mirror test checks them), the patrol results (`dictionary::PATROL_RESULTS`), the lesson's
// states (`storage::live_lesson::state`), someone's presence in the room, and the times and
// durations of a lesson.

import type { LivePresence } from '@/generated/LivePresence';
import type { LiveStudent } from '@/generated/LiveStudent';
import { formatDate, formatDateTime } from '@/lib/format';
import { formatInstant } from '@/lib/report-format';

/** protocol `dto::live_lesson::LIVE_WATCH_MS`: how long one `watch` keeps the caller told. */
export const LIVE_WATCH_MS = 600_000;

/** The page renews its watch at half its length, so that a late renewal still finds it running. */
export const WATCH_RENEW_MS = LIVE_WATCH_MS / 2;

/** protocol `dto::live_lesson::MAX_PATROL_REMARK_CHARS`. */
export const MAX_PATROL_REMARK_CHARS = 500;

/** Patrol results (`dictionary::PATROL_RESULTS`); 有问题 needs a remark. */
export const PATROL_NORMAL = 1;
export const PATROL_PROBLEM = 2;

export const PATROL_RESULTS = [
  { value: String(PATROL_NORMAL), label: '正常' },
  { value: String(PATROL_PROBLEM), label: '有问题' },
] as const;

/** A lesson's states (`LiveLessonDetail::state`). */
export const LESSON_NOT_STARTED = 0;
export const LESSON_IN_PROGRESS = 1;
export const LESSON_ENDED = 2;
export const LESSON_CANCELLED = 3;

const LESSON_STATES: Record<number, string> = {
  [LESSON_NOT_STARTED]: '未开始',
  [LESSON_IN_PROGRESS]: '上课中',
  [LESSON_ENDED]: '已结束',
  [LESSON_CANCELLED]: '已取消',
};

/** A badge: its text and Mantine colour. */
export interface BadgeSpec {
  text: string;
  color: string;
}

/** The name of a lesson state (a patrol keeps the state it saw as a code). */
export function lessonStateText(state: number): string {
  return LESSON_STATES[state] ?? '-';
}

const LESSON_STATE_COLORS: Record<number, string> = {
  [LESSON_IN_PROGRESS]: 'green',
  [LESSON_ENDED]: 'gray',
  [LESSON_CANCELLED]: 'red',
};

/** A lesson's state badge (the server's text): 上课中 stands out (drawn filled), the others stay quiet. */
export function lessonStateBadge(state: number, text = lessonStateText(state)): BadgeSpec {
  return { text, color: LESSON_STATE_COLORS[state] ?? 'blue' };
}

/** Someone's presence: in the room, gone again, or never come. */
export function presenceBadge(presence: LivePresence): BadgeSpec {
  if (presence.inRoom) return { text: '在教室', color: 'green' };
  if (presence.entries > 0) return { text: '已离开', color: 'orange' };
  return { text: '未进入', color: 'gray' };
}

/** A student's presence; a leave asked for the lesson is told first (the teacher excused them). */
export function studentBadge(student: LiveStudent): BadgeSpec {
  if (student.onLeave) return { text: '请假', color: 'blue' };
  return presenceBadge(student.presence);
}

const pad2 = (v: number) => String(v).padStart(2, '0');

/** Seconds as mm:ss, or h:mm:ss from an hour on (a stay, a place in the recording). */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const mm = pad2(Math.floor((total % 3600) / 60));
  const ss = pad2(total % 60);
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** A stay's length: '-' for someone who never entered (a stay of 0 s is still a stay). */
export function formatStay(presence: LivePresence, seconds = presence.seconds): string {
  return presence.entries > 0 ? formatClock(seconds) : '-';
}

/** A lesson's time: 2026-03-02 19:00–20:30, the end's day written only when it is another. */
export function formatLessonTime(startAt: number, endAt: number): string {
  const start = new Date(startAt);
  const end = new Date(endAt);
  if (formatDate(start) !== formatDate(end)) return `${formatDateTime(start)}–${formatDateTime(end)}`;
  return `${formatDateTime(start)}–${pad2(end.getHours())}:${pad2(end.getMinutes())}`;
}

/**
 * A moment of the lesson (an entry, an exit) as HH:mm:ss, since the header gives its day; the
 * date is written too when it is another day than the lesson's start. Absent: '-'.
 */
export function formatMoment(millis: number | undefined, lessonStartAt: number): string {
  if (millis === undefined || millis <= 0) return '-';
  const date = new Date(millis);
  if (formatDate(date) !== formatDate(new Date(lessonStartAt))) return formatInstant(millis);
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
}
