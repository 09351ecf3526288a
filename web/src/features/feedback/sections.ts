// The sections of a lesson feedback report that are co-edited (spec 03 §3 "Lesson feedback report
// topics"). Each is one Y.XmlFragment of the report's document `feedback/{reportId}`, named by its
// key; the keys follow the names of the report's save calls (03 §7.4) so that the server can map a
// REST save onto the same fragment. Never rename a key: documents store their content under it.

import type { CollabSection } from '@/lib/collab';

export const FEEDBACK_SECTIONS = [
  { key: 'courseSummary', title: '课程总结' },
  { key: 'coursePerformance', title: '课堂表现' },
  { key: 'teacherMessage', title: '老师寄语' },
  { key: 'homework', title: '课后作业' },
  { key: 'nextSectionPreview', title: '下节预习' },
  { key: 'lastReview', title: '上次复习待办' },
  { key: 'lastTime', title: '上次待办' },
  { key: 'knwledages', title: '知识点' },
  { key: 'aiTeacherComment', title: 'AI老师点评' },
] as const satisfies readonly CollabSection[];

export type FeedbackSectionKey = (typeof FEEDBACK_SECTIONS)[number]['key'];

export const FEEDBACK_DOC_TITLE = '课后反馈报告';
