// The student dynamics' code tables, copied from the protocol crate because src/generated/codes.ts
// carries no dictionaries (protocol dictionary STUDENT_DYNAMIC_KINDS and FOLLOW_METHODS, dto
// student_dynamic MAX_FOLLOW_NOTE_CHARS; student-dynamic-dict.test.ts checks them against the Rust
// source), and how a dynamic and its follow-up are shown.

import type { StudentDynamicRow } from '@/generated/StudentDynamicRow';
import { formatInstant, formatText } from '@/lib/report-format';

export interface Choice {
  value: string;
  label: string;
}

/** 'All' as a choice: sent as -1, which the server reads as no filter. */
export const ALL = -1;
export const ALL_VALUE = String(ALL);

/** What happened to a student (STUDENT_DYNAMIC_KINDS). */
export const KINDS: readonly Choice[] = [
  { value: '1', label: '缺课' },
  { value: '2', label: '直播课未到课' },
  { value: '3', label: '退费' },
  { value: '4', label: '成绩下滑' },
];

/** How a follow-up was made (FOLLOW_METHODS). */
export const FOLLOW_METHODS: readonly Choice[] = [
  { value: '1', label: '电话' },
  { value: '2', label: '微信' },
  { value: '3', label: '面谈' },
  { value: '4', label: '其他' },
];

/** The method a new follow-up starts with. */
export const PHONE = 1;

/** The longest follow-up note (MAX_FOLLOW_NOTE_CHARS). */
export const NOTE_MAX_CHARS = 500;

/** The `followed` filter: 0 to follow up, 1 followed up, ALL both. */
export const TO_FOLLOW = 0;
export const FOLLOWED = 1;

export const FOLLOW_STATES: readonly Choice[] = [
  { value: String(TO_FOLLOW), label: '待跟进' },
  { value: String(FOLLOWED), label: '已跟进' },
  { value: ALL_VALUE, label: '全部' },
];

/** The choices with 全部 (-1) first. */
export function withAll(choices: readonly Choice[], label = '全部'): Choice[] {
  return [{ value: ALL_VALUE, label }, ...choices];
}

/** A dynamic's identity: the server names it by its kind and source. */
export function dynamicId(row: Pick<StudentDynamicRow, 'kind' | 'sourceKey'>): string {
  return `${row.kind}:${row.sourceKey}`;
}

/** The student as shown: 姓名（编号）. */
export function studentText(row: Pick<StudentDynamicRow, 'studentName' | 'studentCode'>): string {
  return row.studentCode ? `${formatText(row.studentName)}（${row.studentCode}）` : formatText(row.studentName);
}

/** A dynamic's accessible name: its kind, student and time. */
export function dynamicLabel(row: Pick<StudentDynamicRow, 'kindName' | 'studentName' | 'happenedAt'>): string {
  return `${row.kindName} ${row.studentName} ${formatInstant(row.happenedAt)}`;
}

/** How and when it was followed up, and by whom: 电话 · 2026-03-03 09:30 · 李学管. */
export function followText(row: Pick<StudentDynamicRow, 'methodName' | 'followedAt' | 'followedBy'>): string {
  return [row.methodName, formatInstant(row.followedAt), row.followedBy].filter((t) => t && t !== '-').join(' · ');
}
