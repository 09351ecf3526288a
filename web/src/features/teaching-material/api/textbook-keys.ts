// The query keys of the textbook library: the lists, the class types, a textbook's chapters and
// the published books of lesson preparation (the book tree, a book's chapters). Everything is
// under `all`, so that a change of a textbook reads every list and tree again.

import type { TextbookListRequest } from '@/generated/TextbookListRequest';

const all = ['textbook'] as const;

export const textbookKeys = {
  all,
  lists: () => [...all, 'list'] as const,
  list: (request: TextbookListRequest) => [...all, 'list', request] as const,
  classTypes: () => [...all, 'classTypes'] as const,
  chapters: (textbookId: number) => [...all, 'chapters', textbookId] as const,
  chapter: (textbookId: number, chapterId: number) => [...all, 'chapters', textbookId, chapterId] as const,
  bookTree: () => [...all, 'bookTree'] as const,
  chapterTree: (textbookId: number) => [...all, 'chapterTree', textbookId] as const,
};
