// A textbook's chapters as the pages work on them: how many sections a chapter holds and
// the chapters and sections in order.

import type { TextbookChapter } from '@/generated/TextbookChapter';

/** How many chapters and sections are under `chapter` (not counting itself). */
export function descendantCount(chapter: TextbookChapter): number {
  return chapter.children.reduce((n, c) => n + 1 + descendantCount(c), 0);
}

/** Every chapter and section in document order. */
export function flattenChapters(chapters: readonly TextbookChapter[]): TextbookChapter[] {
  return chapters.flatMap((c) => [c, ...flattenChapters(c.children)]);
}
