// The published textbooks of lesson preparation (03 §7.2): by stage and subject (book/bookTree)
// and a book's chapters with their knowledge points and questions (book/chapterTree).

import { useQuery } from '@tanstack/react-query';
import type { BookTreeNode } from '@/generated/BookTreeNode';
import type { TextbookChapters } from '@/generated/TextbookChapters';
import type { TextbookIdRequest } from '@/generated/TextbookIdRequest';
import { api } from '@/lib/api-client';
import { textbookKeys } from './textbook-keys';

/** POST /api/book/bookTree: stage → subject → published textbooks. */
export function getBookTree(): Promise<BookTreeNode[]> {
  return api.post<BookTreeNode[]>('/api/book/bookTree', {}, { noLoading: true });
}

export function useBookTree() {
  return useQuery({ queryKey: textbookKeys.bookTree(), queryFn: getBookTree });
}

/** POST /api/book/chapterTree (quiet: the page says the book could not be read). */
export function getChapterTree(textbookId: number): Promise<TextbookChapters> {
  const body: TextbookIdRequest = { textbookId };
  return api.post<TextbookChapters>('/api/book/chapterTree', body, { noLoading: true, quiet: true });
}

/** A published book with its chapters (null: none chosen). */
export function useChapterTree(textbookId: number | null) {
  return useQuery({
    queryKey: textbookKeys.chapterTree(textbookId ?? 0),
    queryFn: () => getChapterTree(textbookId ?? 0),
    enabled: textbookId !== null,
  });
}
