import { describe, expect, it } from 'vitest';
import { BOOK_TREE } from '@/features/teaching-material/test-helpers';
import { booksOf, defaultBook } from './book-tree';

describe('book tree', () => {
  it('lists the books in order', () => {
    expect(booksOf(BOOK_TREE).map((b) => b.textbookId)).toEqual([3, 4, 5]);
  });

  it('opens the first book of the header’s stage and subject, else the first', () => {
    expect(defaultBook(BOOK_TREE, { stage: 3, subject: 54 })).toBe(5);
    expect(defaultBook(BOOK_TREE, { stage: 4, subject: 56 })).toBe(3);
    expect(defaultBook(BOOK_TREE, null)).toBe(3);
    expect(defaultBook([], null)).toBeNull();
  });
});
