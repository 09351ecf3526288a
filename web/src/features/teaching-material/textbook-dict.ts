// The libraries' codes and limits as the web acts on them (textbooks and teaching aids): the
// status of a textbook or an aid, the class types' names and the lengths the forms allow.

import type { Coded } from '@/features/question/question-dict';

/** A textbook's or an aid's status (`Textbook.status`, `TeachingAid.status`). */
export const LIBRARY_STATUS = { draft: 0, published: 1 } as const;

export const LIBRARY_STATUSES = [
  { status: LIBRARY_STATUS.draft, text: '草稿', color: 'gray' },
  { status: LIBRARY_STATUS.published, text: '已发布', color: 'green' },
] as const;

/** The badge of a status. */
export function statusBadge(status: number): { text: string; color: string } {
  return LIBRARY_STATUSES.find((s) => s.status === status) ?? { text: String(status), color: 'gray' };
}

export const TEXTBOOK_LIMITS = {
  name: 50,
  edition: 50,
  grade: 20,
  description: 500,
  chapterName: 50,
  /** Knowledge points bound to one chapter. */
  chapterPoints: 50,
} as const;

/** Textbooks per page of the library. */
export const TEXTBOOK_PAGE_SIZE = 20;

/** The names of a textbook's class types, 、-separated (a code the table lacks as itself). */
export const classTypeNames = (codes: readonly number[], classTypes: readonly Coded[]) =>
  codes.map((c) => classTypes.find((t) => t.code === c)?.name ?? String(c)).join('、');
