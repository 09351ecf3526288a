// The parts of a handout (paper type 5, spec 03 §3) that are co-edited on
// /knowledgeSectionEdit. Each is one Y.XmlFragment of the document `handout/{paperId}`, named by
// its key. Never rename a key: documents store their content under it.

import type { CollabSection } from '@/lib/collab';

export const HANDOUT_SECTIONS = [
  { key: 'handoutTitle', title: '讲义标题' },
  { key: 'knowledgeReview', title: '知识梳理' },
  { key: 'workedExamples', title: '例题精讲' },
  { key: 'classPractice', title: '课堂练习' },
  { key: 'homework', title: '课后作业' },
] as const satisfies readonly CollabSection[];

export type HandoutSectionKey = (typeof HANDOUT_SECTIONS)[number]['key'];

export const HANDOUT_DOC_TITLE = '讲义编辑';
