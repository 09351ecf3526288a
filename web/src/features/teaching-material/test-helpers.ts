// Records of the textbook library's and lesson preparation's calls for the tests.

import type { BookTreeNode } from '@/generated/BookTreeNode';
import type { Textbook } from '@/generated/Textbook';
import type { TextbookChapter } from '@/generated/TextbookChapter';

const AT = new Date(2026, 10, 24, 9).getTime();

export function textbook(id: number, patch: Partial<Textbook> = {}): Textbook {
  return {
    id,
    name: `教材${id}`,
    subject: 54,
    stage: 4,
    edition: '人教版',
    grade: '高一',
    classTypes: [1, 2],
    description: '',
    status: 1,
    chapterCount: 2,
    canEdit: false,
    createTime: AT,
    updateTime: AT,
    ...patch,
  };
}

export function chapter(
  id: number,
  name: string,
  parentId: number,
  children: TextbookChapter[] = [],
  patch: Partial<TextbookChapter> = {},
): TextbookChapter {
  return {
    id,
    textbookId: 3,
    parentId,
    name,
    sort: 0,
    knowledgePoints: [],
    questionCount: 0,
    children,
    ...patch,
  };
}

/** 第一章 (10) { 1.1 集合 (11), 1.2 函数的概念 (12, on point 111) }, 第二章 导数 (20, on 121) */
export const CHAPTERS: TextbookChapter[] = [
  chapter(
    10,
    '第一章 集合与函数',
    0,
    [
      chapter(11, '1.1 集合', 10),
      chapter(12, '1.2 函数的概念', 10, [], {
        knowledgePoints: [{ id: 111, name: '函数的概念' }],
        questionCount: 6,
      }),
    ],
    { knowledgePoints: [{ id: 110, name: '函数' }], questionCount: 9 },
  ),
  chapter(20, '第二章 导数', 0, [], { knowledgePoints: [{ id: 121, name: '导数的概念' }], questionCount: 12 }),
];

export const CLASS_TYPES = [
  { code: '1', name: '一对一' },
  { code: '2', name: '班课' },
  { code: '3', name: '小组课' },
  { code: '4', name: '全日制' },
];

/** 高中 → 数学 → 教材3, 教材4; 初中 → 数学 → 教材5 */
export const BOOK_TREE: BookTreeNode[] = [
  {
    key: 'stage-4',
    name: '高中',
    textbookId: null,
    children: [
      {
        key: 'subject-4-54',
        name: '数学',
        textbookId: null,
        children: [
          { key: 'book-3', name: '人教版高中数学必修一', textbookId: 3, children: [] },
          { key: 'book-4', name: '人教版高中数学必修二', textbookId: 4, children: [] },
        ],
      },
    ],
  },
  {
    key: 'stage-3',
    name: '初中',
    textbookId: null,
    children: [
      {
        key: 'subject-3-54',
        name: '数学',
        textbookId: null,
        children: [{ key: 'book-5', name: '初中数学七年级上', textbookId: 5, children: [] }],
      },
    ],
  },
];
