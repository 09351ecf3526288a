// One-on-one course plans' (一对一课程计划) code table and limits, copied from the protocol crate
// because src/generated/codes.ts carries neither (dto class_plan's PLAN_STATUSES and MAX_* limits;
// class-plan-dict.test.ts checks them against the Rust source), and how a plan's status, a
// package's stage and the report's figures are shown.

import { DEFAULT_STAGE } from '@/config/constants';
import type { BadgeSpec } from '@/features/teaching/teaching-dict';
import type { BaseDicInfo } from '@/generated/BaseDicInfo';
import type { ClassPlanPackage } from '@/generated/ClassPlanPackage';
import { formatRate } from '@/lib/format';

export interface Choice {
  value: string;
  label: string;
}

/** A plan's states (PLAN_STATUSES): none written yet, a draft, confirmed with the family. */
export const PLAN_NONE = 0;
export const PLAN_DRAFT = 1;
export const PLAN_CONFIRMED = 2;

export const PLAN_STATUSES: readonly Choice[] = [
  { value: String(PLAN_NONE), label: '未制定' },
  { value: String(PLAN_DRAFT), label: '草稿' },
  { value: String(PLAN_CONFIRMED), label: '已确认' },
];

/** dto class_plan's limits: the goal, an item's title and note, its points, the items. */
export const MAX_PLAN_GOAL_CHARS = 1000;
export const MAX_PLAN_TITLE_CHARS = 60;
export const MAX_PLAN_NOTE_CHARS = 500;
export const MAX_PLAN_ITEM_POINTS = 20;
export const MAX_PLAN_ITEMS = 200;

/** The attendance that uses a lesson of the package (present, late): it carries out an item. */
export const ATTENDED_STATUSES: readonly number[] = [1, 2];

const STATUS_COLORS: Record<number, string> = {
  [PLAN_NONE]: 'gray',
  [PLAN_DRAFT]: 'orange',
  [PLAN_CONFIRMED]: 'green',
};

/** A plan's status as its badge; the server's name when the code is new. */
export function planStatusBadge(status: number, name = ''): BadgeSpec {
  const known = PLAN_STATUSES.find((s) => Number(s.value) === status);
  return { text: known?.label ?? (name || '-'), color: STATUS_COLORS[status] ?? 'gray' };
}

/** Stage codes of the knowledge atlas: 4 senior high (the default), 3 junior high. */
export const STAGE_JUNIOR = 3;

/**
 * The atlas stage of a student's grade as the package gives it (高一, 初二…): junior high for 初…,
 * senior high otherwise (and when unknown).
 */
export function stageOfGrade(grade: string): number {
  return grade.trim().startsWith('初') ? STAGE_JUNIOR : DEFAULT_STAGE;
}

/** A rate the server gives in percent (one decimal; -1, no base, is '/'). */
export const rateText = (percent: number) => formatRate(percent);

/** "第 n 次课" of the item at `index` (from 0). */
export const lessonNo = (index: number) => `第 ${index + 1} 次课`;

/** A package's subject as the content dictionary names it (the package carries its code only). */
export function subjectNameOf(dict: BaseDicInfo | undefined, subject: number): string {
  return dict?.subjects.find((s) => s.code === String(subject))?.name ?? '-';
}

/** A package's row in the list: its student and code. */
export const packageRowLabel = (p: Pick<ClassPlanPackage, 'studentName' | 'code'>) => `${p.studentName} ${p.code}`;
