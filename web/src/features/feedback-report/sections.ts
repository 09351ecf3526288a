// The text sections of a lesson feedback report (spec 03 §3 "Lesson feedback report topics").
// Each is one Y.XmlFragment of the report's document `feedback/{reportId}`, named by its key. The
// keys and titles are the server's (protocol `FeedbackSection`, GET /v2/common/config): its REST
// reads and saves (03 §7.4) work on the same fragments, so REST and live editors never diverge.
// Paragraphs are the items of the list-like sections (to-do lists, knowledge points).

import type { FeedbackSection } from '@/generated/FeedbackSection';
import type { CollabSection } from '@/lib/collab';

export const FEEDBACK_SECTIONS = [
  { key: 'courseSummary', title: '课程总结' },
  { key: 'coursePerformance', title: '课堂表现' },
  { key: 'teacherMessage', title: '老师寄语' },
  { key: 'homework', title: '课后作业' },
  { key: 'nextSectionPreview', title: '下节预习' },
  { key: 'lastReviewTodo', title: '上次复习待办' },
  { key: 'lastTimeTodo', title: '上次待办' },
  { key: 'knowledgePoints', title: '知识点' },
  { key: 'aiTeacherComment', title: 'AI老师点评' },
] as const satisfies readonly (CollabSection & { key: FeedbackSection })[];

export const FEEDBACK_DOC_TITLE = '课后反馈报告';

/** Report status texts (0 draft, 1 confirmed, 2 submitted). */
export const FEEDBACK_STATUS_TEXT: Record<number, string> = { 0: '草稿', 1: '已确认', 2: '已提交' };
