import { describe, expect, it } from 'vitest';
import { outlineIds, sortedLibrary } from './library-tree';
import { LIBRARY_TREE } from './test-helpers';

describe('library tree', () => {
  it('keeps the server’s order by time and sorts each class type’s outlines by name', () => {
    expect(outlineIds(sortedLibrary(LIBRARY_TREE, 'time'))).toEqual([3, 4, 5]);
    expect(outlineIds(sortedLibrary(LIBRARY_TREE, 'name'))).toEqual([4, 3, 5]);
  });
});
