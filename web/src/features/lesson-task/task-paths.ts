// Where the pages of lesson tasks are (config/paths.ts: section EasyCorrect, and 错题本), by what
// they show.

import { paths, routesByName } from '@/config/paths';

export const TASK_ROUTES = {
  paperAnalysis: 'PaperAnalysis',
  teacherCorrect: 'TeacherCorrect',
  markAnswer: 'MarkAnswer',
  correctionNotebook: 'CorrectionNotebook',
} as const;

const pathOf = (name: string) => routesByName.get(name)?.path ?? paths.home.path;

/** 教师批改: my tasks with answers; with a task, its students and their sheets. */
export const teacherCorrectPath = (taskId?: number) =>
  taskId ? `${pathOf(TASK_ROUTES.teacherCorrect)}?taskId=${taskId}` : pathOf(TASK_ROUTES.teacherCorrect);

/** 试卷分析 of a task (or the page to choose one). */
export const paperAnalysisPath = (taskId?: number) =>
  taskId ? `${pathOf(TASK_ROUTES.paperAnalysis)}?taskId=${taskId}` : pathOf(TASK_ROUTES.paperAnalysis);

/** 标注答案: a student's sheets entered from their code. */
export const markAnswerPath = (studentCode?: string) =>
  studentCode
    ? `${pathOf(TASK_ROUTES.markAnswer)}?studentCode=${encodeURIComponent(studentCode)}`
    : pathOf(TASK_ROUTES.markAnswer);

/** A task id of the URL (`taskId`), null when it is none. */
export function taskIdOf(params: URLSearchParams): number | null {
  const id = Number(params.get('taskId'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
