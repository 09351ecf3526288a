// Where the exam pages are (config/paths.ts, section Easyexamination), by what they show.

import { paths, routesByName } from '@/config/paths';

export const EXAM_ROUTES = {
  list: 'ExamList',
  detail: 'ExamDetail',
  groups: 'ExamGroups',
} as const;

const pathOf = (name: string) => routesByName.get(name)?.path ?? paths.home.path;

/** 考试列表's tabs: the exams I published, those shared with me. */
export type ExamListTab = 'mine' | 'shared';

export const isExamListTab = (v: string | null): v is ExamListTab => v === 'mine' || v === 'shared';

export const examListPath = (tab: ExamListTab = 'mine') =>
  tab === 'mine' ? pathOf(EXAM_ROUTES.list) : `${pathOf(EXAM_ROUTES.list)}?tab=${tab}`;

export const examDetailPath = (examId: number) => `${pathOf(EXAM_ROUTES.detail)}?examId=${examId}`;

export const examGroupsPath = () => pathOf(EXAM_ROUTES.groups);
