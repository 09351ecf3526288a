import { describe, expect, it } from 'vitest';
import { descendantCount, flattenChapters } from './chapters';
import { CHAPTERS } from './test-helpers';

describe('chapters', () => {
  it('walks chapters and sections in order', () => {
    expect(flattenChapters(CHAPTERS).map((c) => c.name)).toEqual([
      '第一章 集合与函数',
      '1.1 集合',
      '1.2 函数的概念',
      '第二章 导数',
    ]);
  });

  it('counts the sections under a chapter', () => {
    expect(CHAPTERS.map(descendantCount)).toEqual([2, 0]);
  });
});
