// The builder's drag-and-drop orders: the ids of a list after an item was dropped on another,
// and the phases (or one phase's tasks) in a new order, shown at once while the server stores it.
// The server takes every id of the list in the new order (update-phase-seqno,
// update-phase-task-seqno), so a drop sends the whole list.

import type { CampPhase } from '@/generated/CampPhase';

/** `ids` with `active` moved to where `over` is; null when nothing moves. */
export function movedIds(ids: readonly number[], active: number, over: number | null): number[] | null {
  if (over === null || active === over) return null;
  const from = ids.indexOf(active);
  const to = ids.indexOf(over);
  if (from < 0 || to < 0) return null;
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, active);
  return next;
}

/** `items` in the order of `ids` (items not named keep their place after them). */
export function inOrder<T>(items: readonly T[], ids: readonly number[], idOf: (item: T) => number): T[] {
  const rank = new Map(ids.map((id, i) => [id, i]));
  return items
    .map((item, i) => ({ item, key: rank.get(idOf(item)) ?? ids.length + i }))
    .sort((a, b) => a.key - b.key)
    .map((e) => e.item);
}

/** The phases in the order of `phaseIds`, renumbered. */
export function reorderPhases(phases: readonly CampPhase[], phaseIds: readonly number[]): CampPhase[] {
  return inOrder(phases, phaseIds, (p) => p.phaseId).map((p, i) => ({ ...p, seqNo: i + 1 }));
}

/** The phases with `phaseId`'s tasks in the order of `taskIds`, renumbered. */
export function reorderTasks(phases: readonly CampPhase[], phaseId: number, taskIds: readonly number[]): CampPhase[] {
  return phases.map((p) =>
    p.phaseId === phaseId
      ? { ...p, tasks: inOrder(p.tasks, taskIds, (t) => t.taskId).map((t, i) => ({ ...t, seqNo: i + 1 })) }
      : p,
  );
}
