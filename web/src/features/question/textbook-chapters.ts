// A textbook's chapters as the chapter paper (教材章节) searches them: a chapter found by id, and
// the knowledge points a chapter's questions are searched by — its own with its sections'.

import type { TextbookChapter } from '@/generated/TextbookChapter';

/** The knowledge points of a chapter and its sections, each once, in order. */
export function chapterPoints(chapter: TextbookChapter): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  const walk = (c: TextbookChapter) => {
    c.knowledgePoints.forEach((p) => {
      if (!seen.has(p.id)) seen.set(p.id, p.name);
    });
    c.children.forEach(walk);
  };
  walk(chapter);
  return [...seen].map(([id, name]) => ({ id, name }));
}

/** The chapter or section of `id` among `chapters` (null: none). */
export function findChapter(chapters: readonly TextbookChapter[], id: number | null): TextbookChapter | null {
  if (id === null) return null;
  for (const c of chapters) {
    if (c.id === id) return c;
    const found = findChapter(c.children, id);
    if (found) return found;
  }
  return null;
}
