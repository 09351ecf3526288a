// The published books of lesson preparation (book/bookTree: stage → subject → books) as the page
// walks them.

import type { BookTreeNode } from '@/generated/BookTreeNode';
import type { Selection } from '@/lib/session';

/** The books under `nodes`, in order. */
export function booksOf(nodes: readonly BookTreeNode[]): BookTreeNode[] {
  return nodes.flatMap((n) => (n.textbookId !== null ? [n] : booksOf(n.children)));
}

/** The book a page opens: the first of the header's stage and subject, else the first (null: none). */
export function defaultBook(tree: readonly BookTreeNode[], selection: Selection | null): number | null {
  const subject = selection
    ? tree.flatMap((s) => s.children).find((j) => j.key === `subject-${selection.stage}-${selection.subject}`)
    : undefined;
  return (subject ? booksOf([subject])[0] : undefined)?.textbookId ?? booksOf(tree)[0]?.textbookId ?? null;
}
