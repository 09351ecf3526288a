// A textbook's chapters (03 §7.1 "Library"): the textbook with its chapters and their sections,
// each with its knowledge points and the bank's questions on them (teachingMaterial/queryChapter);
// and the editors' changes: chapters made from a knowledge tree's top two levels (chapter/init,
// refused while the textbook has chapters), a chapter or section added or changed with its
// points (chapter/save), deleted with its sections (chapter/delete).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChapterIdRequest } from '@/generated/ChapterIdRequest';
import type { ChapterInitRequest } from '@/generated/ChapterInitRequest';
import type { ChapterSaveRequest } from '@/generated/ChapterSaveRequest';
import type { TextbookChapter } from '@/generated/TextbookChapter';
import type { TextbookChapters } from '@/generated/TextbookChapters';
import type { TextbookIdRequest } from '@/generated/TextbookIdRequest';
import { api } from '@/lib/api-client';
import { textbookKeys } from './textbook-keys';

/** POST /api/teachingMaterial/queryChapter (quiet: the page says the textbook could not be read). */
export function getChapters(textbookId: number): Promise<TextbookChapters> {
  const body: TextbookIdRequest = { textbookId };
  return api.post<TextbookChapters>('/api/teachingMaterial/queryChapter', body, { noLoading: true, quiet: true });
}

export function useChapters(textbookId: number) {
  return useQuery({ queryKey: textbookKeys.chapters(textbookId), queryFn: () => getChapters(textbookId) });
}

/** POST /api/teachingMaterial/chapter/init (quiet: the dialog shows what went wrong). */
export function initChapters(body: ChapterInitRequest): Promise<TextbookChapters> {
  return api.post<TextbookChapters>('/api/teachingMaterial/chapter/init', body, { quiet: true });
}

/** POST /api/teachingMaterial/chapter/save (quiet: the form shows what went wrong). */
export function saveChapter(body: ChapterSaveRequest): Promise<TextbookChapter> {
  return api.post<TextbookChapter>('/api/teachingMaterial/chapter/save', body, { noLoading: true, quiet: true });
}

/** POST /api/teachingMaterial/chapter/query */
export function getChapter(chapterId: number): Promise<TextbookChapter> {
  const body: ChapterIdRequest = { chapterId };
  return api.post<TextbookChapter>('/api/teachingMaterial/chapter/query', body, { noLoading: true });
}

/** A chapter as it stands now, read when a dialog opens on it (null: none). */
export function useChapter(textbookId: number, chapterId: number | null) {
  return useQuery({
    queryKey: textbookKeys.chapter(textbookId, chapterId ?? 0),
    queryFn: () => getChapter(chapterId ?? 0),
    enabled: chapterId !== null,
  });
}

/** POST /api/teachingMaterial/chapter/delete: how many chapters and sections went. */
export function deleteChapter(chapterId: number): Promise<number> {
  const body: ChapterIdRequest = { chapterId };
  return api.post<number>('/api/teachingMaterial/chapter/delete', body);
}

/**
 * The chapter changes of one textbook. Each reads its chapters again (the counts of questions
 * follow the points) and the lists (their chapter counts); an init answers the chapters made.
 */
export function useChapterChanges(textbookId: number) {
  const client = useQueryClient();
  const settled = () => {
    void client.invalidateQueries({ queryKey: textbookKeys.chapters(textbookId) });
    void client.invalidateQueries({ queryKey: textbookKeys.lists() });
    void client.invalidateQueries({ queryKey: textbookKeys.chapterTree(textbookId) });
  };
  return {
    init: useMutation({
      mutationFn: initChapters,
      onSuccess: (made) => {
        client.setQueryData(textbookKeys.chapters(textbookId), made);
        settled();
      },
    }),
    save: useMutation({ mutationFn: saveChapter, onSuccess: settled }),
    remove: useMutation({ mutationFn: deleteChapter, onSuccess: settled }),
  };
}
