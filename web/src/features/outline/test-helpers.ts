// Records of the teaching outlines' and the lecture library's calls for the tests.

import type { OutlineLesson } from '@/generated/OutlineLesson';
import type { OutlineTree } from '@/generated/OutlineTree';
import type { OutlineUnit } from '@/generated/OutlineUnit';
import type { TeachingOutline } from '@/generated/TeachingOutline';

const AT = new Date(2026, 10, 24, 9).getTime();

export function teachingOutline(outlineId: number, patch: Partial<TeachingOutline> = {}): TeachingOutline {
  return {
    outlineId,
    name: `大纲${outlineId}`,
    subject: 54,
    stage: 4,
    classType: 2,
    valid: false,
    status: 0,
    schoolIds: [],
    unitCount: 2,
    lessonCount: 3,
    totalHours: 5,
    canEdit: false,
    createTime: AT,
    updateTime: AT,
    ...patch,
  };
}

export function outlineLesson(lessonId: number, title: string, patch: Partial<OutlineLesson> = {}): OutlineLesson {
  return {
    lessonId,
    title,
    sort: 0,
    hours: 1,
    knowledgePoints: [],
    paperId: null,
    paperTitle: null,
    ...patch,
  };
}

/** 第一单元 (10) { 集合的概念 (11), 函数的概念 (12, point 111, handout 50) }, 第二单元 (20) { 导数的概念 (21) } */
export const OUTLINE_UNITS: OutlineUnit[] = [
  {
    unitId: 10,
    title: '第一单元 集合与函数',
    sort: 0,
    lessons: [
      outlineLesson(11, '集合的概念'),
      outlineLesson(12, '函数的概念', {
        sort: 1,
        hours: 2,
        knowledgePoints: [{ id: 111, name: '函数的概念' }],
        paperId: 50,
        paperTitle: '函数的概念讲义',
      }),
    ],
  },
  {
    unitId: 20,
    title: '第二单元 导数',
    sort: 1,
    lessons: [outlineLesson(21, '导数的概念', { hours: 2, knowledgePoints: [{ id: 121, name: '导数的概念' }] })],
  },
];

export function outlineTree(outline: TeachingOutline, units: OutlineUnit[] = OUTLINE_UNITS): OutlineTree {
  return {
    outline,
    config: { lessonMinutes: 45, lessonsPerWeek: 2, weeks: 16, note: '' },
    units,
  };
}
