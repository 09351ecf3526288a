// Lesson visits' (听课记录) code tables and limits, copied from the protocol crate because
// src/generated/codes.ts carries no dictionaries (dictionary VISIT_STATUSES and VISIT_ATTENTION,
// dto record_tool's MAX_* limits; record-tool-dict.test.ts checks them against the Rust source),
// and how a visit's status, a student's attention and a visit in a list are shown.

import type { VisitRow } from '@/generated/VisitRow';
import { formatInstant } from '@/lib/report-format';

export interface Choice {
  value: string;
  label: string;
}

/** A badge: its text and Mantine colour. */
export interface BadgeSpec {
  text: string;
  color: string;
}

/** A visit's states (VISIT_STATUSES): being recorded, finished (read by the lesson's teacher). */
export const VISIT_RECORDING = 0;
export const VISIT_FINISHED = 1;

export const VISIT_STATUSES: readonly Choice[] = [
  { value: String(VISIT_RECORDING), label: '记录中' },
  { value: String(VISIT_FINISHED), label: '已完成' },
];

/** How attentive a student was (VISIT_ATTENTION); 0 is not rated. */
export const NOT_RATED = 0;

export const VISIT_ATTENTION: readonly Choice[] = [
  { value: '1', label: '走神' },
  { value: '2', label: '偶尔走神' },
  { value: '3', label: '一般' },
  { value: '4', label: '专注' },
  { value: '5', label: '非常专注' },
];

/** dto record_tool's limits: a timeline note's length and how many a visit keeps. */
export const MAX_VISIT_NOTE_CHARS = 500;
export const MAX_VISIT_NOTES = 200;
/** The latest minute of a lesson a note may be at (the server's check: a day). */
export const MAX_NOTE_MINUTE = 24 * 60;
/** The longest summary (总评) of a visit, and note on one student. */
export const MAX_VISIT_SUMMARY_CHARS = 2000;
export const MAX_VISIT_STUDENT_NOTE_CHARS = 200;
/** The record sheet: at most this many dimensions, each scored up to at most MAX_DIMENSION_SCORE. */
export const MAX_LAYOUT_DIMENSIONS = 12;
export const MAX_DIMENSION_SCORE = 100;

/**
 * A dimension as the server takes it (handlers::record_tool's check of the sheet): its key, and
 * the longest name and description.
 */
export const DIMENSION_KEY_PATTERN = /^[A-Za-z0-9_]{1,32}$/;
export const MAX_DIMENSION_NAME_CHARS = 20;
export const MAX_DIMENSION_DESCRIPTION_CHARS = 100;

/** The visits' lists are read 20 rows a page. */
export const PAGE_SIZE = 20;

const STATUS_COLORS: Record<number, string> = { [VISIT_RECORDING]: 'orange', [VISIT_FINISHED]: 'green' };

/** A visit's status as its badge; the server's name when the code is new. */
export function visitStatusBadge(status: number, name = ''): BadgeSpec {
  const known = VISIT_STATUSES.find((s) => Number(s.value) === status);
  return { text: known?.label ?? (name || '-'), color: STATUS_COLORS[status] ?? 'gray' };
}

/** A student's attention as text: 未评价 when not rated. */
export function attentionText(attention: number, name = ''): string {
  if (attention === NOT_RATED) return '未评价';
  return VISIT_ATTENTION.find((a) => Number(a.value) === attention)?.label ?? (name || '-');
}

/** A visit's accessible name in a list: the lesson's time, the class and the visitor. */
export function visitRowLabel(row: Pick<VisitRow, 'lessonStart' | 'className' | 'visitorName'>): string {
  return `${formatInstant(row.lessonStart)} ${row.className} ${row.visitorName}`;
}
