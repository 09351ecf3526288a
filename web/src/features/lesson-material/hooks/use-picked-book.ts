import { useState } from 'react';
import { useBookTree } from '@/features/teaching-material/api/books';
import { useSession } from '@/lib/session';
import { defaultBook } from '../book-tree';

/**
 * The published books (book/bookTree) and the one picked: until one is, the header's stage and
 * subject's first (`defaultBook`).
 */
export function usePickedBook() {
  const selection = useSession((s) => s.selection);
  const tree = useBookTree();
  const [picked, setPicked] = useState<number | null>(null);
  const textbookId = picked ?? defaultBook(tree.data ?? [], selection);
  return { tree, textbookId, pick: setPicked };
}
