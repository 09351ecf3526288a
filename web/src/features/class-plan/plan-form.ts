// A course plan as its editor holds it (the goal, the items being written) and as
// `classPlan/save` takes it back (the whole plan, trimmed, with the `updatedAt` read), and the
// plan's rules that need no server: the n-th lesson the student attended carries out the n-th
// item; a plan has at most as many items as the package has lessons (and MAX_PLAN_ITEMS). Pure
// functions.

import type { ClassPlan } from '@/generated/ClassPlan';
import type { ClassPlanLesson } from '@/generated/ClassPlanLesson';
import type { SaveClassPlanRequest } from '@/generated/SaveClassPlanRequest';
import { ATTENDED_STATUSES, MAX_PLAN_ITEMS } from './class-plan-dict';

/** An item being written; `uid` tells the rows apart while they move. */
export interface ItemValue {
  uid: string;
  title: string;
  pointIds: number[];
  note: string;
}

export interface PlanValues {
  goal: string;
  items: ItemValue[];
}

let lastUid = 0;

/** A new item of the form (empty unless given). */
export function itemValue(item: Partial<Omit<ItemValue, 'uid'>> = {}): ItemValue {
  lastUid += 1;
  return { uid: `item-${lastUid}`, title: item.title ?? '', pointIds: item.pointIds ?? [], note: item.note ?? '' };
}

/** The form's values of a plan as read. */
export function planValuesOf(plan: ClassPlan): PlanValues {
  return {
    goal: plan.goal,
    items: plan.items.map((item) =>
      itemValue({ title: item.title, pointIds: item.points.map((p) => p.nodeId), note: item.note }),
    ),
  };
}

/** The body of `classPlan/save` for what the form holds. */
export function saveBodyOf(packageId: number, values: PlanValues, updatedAt: number): SaveClassPlanRequest {
  return {
    packageId,
    goal: values.goal.trim(),
    items: values.items.map((item) => ({ title: item.title.trim(), pointIds: item.pointIds, note: item.note.trim() })),
    updatedAt,
  };
}

/**
 * What would be stored of the values, to tell unsaved changes from what the server has (spaces
 * around a text are not a change).
 */
export function contentKey(values: PlanValues): string {
  const { goal, items } = saveBodyOf(0, values, 0);
  return JSON.stringify({ goal, items });
}

/** The most items the package's plan may have: its lessons, and never more than MAX_PLAN_ITEMS. */
export function maxItems(totalLessons: number): number {
  return Math.max(0, Math.min(totalLessons, MAX_PLAN_ITEMS));
}

/** The items with empty ones added up to the package's lessons (按课时数生成). */
export function fillToLessons(items: readonly ItemValue[], totalLessons: number): ItemValue[] {
  const missing = maxItems(totalLessons) - items.length;
  return missing > 0 ? [...items, ...Array.from({ length: missing }, () => itemValue())] : [...items];
}

/** The lessons the student attended (present or late), oldest first: the n-th carries out item n. */
export function attendedLessons(lessons: readonly ClassPlanLesson[]): ClassPlanLesson[] {
  return lessons.filter((l) => ATTENDED_STATUSES.includes(l.status));
}

/** Why the plan cannot be saved as it is (the server's checks that need no server), or null. */
export function planProblem(values: PlanValues, totalLessons: number): string | null {
  const empty = values.items.findIndex((item) => !item.title.trim());
  if (empty >= 0) return `第 ${empty + 1} 次课的课程内容不能为空`;
  if (values.items.length > maxItems(totalLessons)) {
    return `该课时包共 ${totalLessons} 次课，计划不能超过课次数`;
  }
  return null;
}
