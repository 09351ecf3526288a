// An outline's units and lessons as the editor works on them: drafts made from the outline's tree,
// moved, checked like the server does, and written back as the save's units.

import type { AtlasNodeRef } from '@/generated/AtlasNodeRef';
import type { OutlineUnit } from '@/generated/OutlineUnit';
import type { OutlineUnitInput } from '@/generated/OutlineUnitInput';
import { OUTLINE_LIMITS } from './outline-dict';

export interface LessonDraft {
  /** The draft's own key (rows keep their state while they move). */
  key: string;
  title: string;
  hours: number;
  knowledgeIds: number[];
  /** The points of the outline as read, named (they may be of a tree other than the one shown). */
  known: AtlasNodeRef[];
  paperId: number | null;
  paperTitle: string | null;
}

export interface UnitDraft {
  key: string;
  title: string;
  lessons: LessonDraft[];
}

let next = 0;
const newKey = (kind: string) => `${kind}-${(next += 1)}`;

export function newLesson(index: number): LessonDraft {
  return {
    key: newKey('lesson'),
    title: `第${index}课`,
    hours: 1,
    knowledgeIds: [],
    known: [],
    paperId: null,
    paperTitle: null,
  };
}

export function newUnit(index: number): UnitDraft {
  return { key: newKey('unit'), title: `第${index}单元`, lessons: [newLesson(1)] };
}

/** The drafts of an outline's units as read. */
export function draftsOf(units: readonly OutlineUnit[]): UnitDraft[] {
  return units.map((u) => ({
    key: newKey('unit'),
    title: u.title,
    lessons: u.lessons.map((l) => ({
      key: newKey('lesson'),
      title: l.title,
      hours: l.hours,
      knowledgeIds: l.knowledgePoints.map((p) => p.id),
      known: l.knowledgePoints,
      paperId: l.paperId,
      paperTitle: l.paperTitle,
    })),
  }));
}

/** The units to save, titles trimmed. */
export function unitInputs(units: readonly UnitDraft[]): OutlineUnitInput[] {
  return units.map((u) => ({
    title: u.title.trim(),
    lessons: u.lessons.map((l) => ({
      title: l.title.trim(),
      hours: l.hours,
      knowledgeIds: l.knowledgeIds,
      ...(l.paperId !== null ? { paperId: l.paperId } : {}),
    })),
  }));
}

/** `list` with the item at `index` moved `by` places (unchanged at an end). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  if (item !== undefined) copy.splice(to, 0, item);
  return copy;
}

/** The lessons and hours of the drafts. */
export function totals(units: readonly UnitDraft[]): { lessons: number; hours: number } {
  const lessons = units.flatMap((u) => u.lessons);
  return { lessons: lessons.length, hours: lessons.reduce((n, l) => n + l.hours, 0) };
}

/** What is wrong with the drafts, by draft key ('' for the whole), as the server would refuse. */
export function draftErrors(units: readonly UnitDraft[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const nameError = (text: string, what: string) => {
    const length = Array.from(text.trim()).length;
    if (length === 0) return `请输入${what}`;
    return length > OUTLINE_LIMITS.name ? `${what}不能超过${OUTLINE_LIMITS.name}个字` : null;
  };
  if (units.length > OUTLINE_LIMITS.units || totals(units).lessons > OUTLINE_LIMITS.lessons)
    errors[''] = `最多${OUTLINE_LIMITS.units}个单元、${OUTLINE_LIMITS.lessons}节课`;
  for (const u of units) {
    const unitError = nameError(u.title, '单元名称');
    if (unitError) errors[u.key] = unitError;
    for (const l of u.lessons) {
      const lessonError = nameError(l.title, '课次名称');
      if (lessonError) errors[l.key] = lessonError;
      else if (!Number.isInteger(l.hours) || l.hours < OUTLINE_LIMITS.hoursMin || l.hours > OUTLINE_LIMITS.hoursMax)
        errors[l.key] = `课时需在${OUTLINE_LIMITS.hoursMin}到${OUTLINE_LIMITS.hoursMax}之间`;
    }
  }
  return errors;
}
