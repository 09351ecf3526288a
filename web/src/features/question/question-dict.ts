// The question bank's codes as the web uses them. The names come from the server's dictionaries
// (basket/question/enums, dic/queryBaseDicInfo, as strings of codes); these are the codes the web
// itself acts on.

import type { CodeName } from '@/generated/CodeName';

/** Questions per page of a list. */
export const QUESTION_PAGE_SIZE = 10;

/** A filter holding only this means all (`typeIds`, `difficulties`). */
export const ALL = -1;

/** The choice types: options A–F, the answer their letters (1: one letter, 2: two or more). */
export const SINGLE_CHOICE = 1;
export const MULTIPLE_CHOICE = 2;
export const isChoice = (questionType: number) => questionType === SINGLE_CHOICE || questionType === MULTIPLE_CHOICE;

/** `source` of a search. */
export const SOURCE = { all: 0, bank: 1, mine: 2 } as const;

/** An option's letter (0 → A). */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);

/** Colours of the difficulties 1 (容易) … 5 (困难). */
const DIFFICULTY_COLORS = ['teal', 'green', 'blue', 'orange', 'red'];
export const difficultyColor = (difficulty: number) => DIFFICULTY_COLORS[difficulty - 1] ?? 'gray';

/** A code table as numbers with names. */
export interface Coded {
  code: number;
  name: string;
}

export function coded(list: readonly CodeName[] | undefined): Coded[] {
  return (list ?? []).map((c) => ({ code: Number(c.code), name: c.name })).filter((c) => Number.isFinite(c.code));
}

/** The name of `code` in a table ('' when it is not there). */
export const nameOf = (list: readonly Coded[], code: number) => list.find((c) => c.code === code)?.name ?? '';
