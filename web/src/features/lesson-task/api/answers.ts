// The students of a task and their answers (03 §7.5): the lesson's students grouped as marked, to
// mark and not answered (task/queryClassGroup), every student's results with the task's totals
// (task/studentSummaryInfo), a student's sheet (task/answer/sheet), recording it as the student
// wrote it (task/answer/save: objective answers marked at once, 409 once the task is closed) and
// the teacher marking one answer (task/answer/mark). A recorded or marked answer reads the task's
// keys, its lesson's groups and the lists again.

import { queryOptions, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaskAnswerMarkRequest } from '@/generated/TaskAnswerMarkRequest';
import type { TaskAnswerSaveRequest } from '@/generated/TaskAnswerSaveRequest';
import type { TaskAnswerSheet } from '@/generated/TaskAnswerSheet';
import type { TaskClassGroups } from '@/generated/TaskClassGroups';
import type { TaskIdRequest } from '@/generated/TaskIdRequest';
import type { TaskLessonRequest } from '@/generated/TaskLessonRequest';
import type { TaskSheetRequest } from '@/generated/TaskSheetRequest';
import type { TaskSummaryInfo } from '@/generated/TaskSummaryInfo';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { lessonTaskKeys } from './lesson-task-keys';

/** POST /api/task/queryClassGroup */
export function getClassGroups(lessonId: number, options?: RequestOptions): Promise<TaskClassGroups> {
  const body: TaskLessonRequest = { lessonId };
  return api.post<TaskClassGroups>('/api/task/queryClassGroup', body, options);
}

export function classGroupsQueryOptions(lessonId: number) {
  return queryOptions({
    queryKey: lessonTaskKeys.groups(lessonId),
    queryFn: (context) => getClassGroups(lessonId, { ...readOptions(context), noLoading: true }),
  });
}

/** The lesson's students in groups (null: no lesson yet). */
export function useClassGroups(lessonId: number | null) {
  return useQuery({ ...classGroupsQueryOptions(lessonId ?? 0), enabled: lessonId !== null && lessonId > 0 });
}

/** POST /api/task/studentSummaryInfo */
export function getSummaryInfo(taskId: number, options?: RequestOptions): Promise<TaskSummaryInfo> {
  const body: TaskIdRequest = { taskId };
  return api.post<TaskSummaryInfo>('/api/task/studentSummaryInfo', body, options);
}

export function summaryInfoQueryOptions(taskId: number) {
  return queryOptions({
    queryKey: lessonTaskKeys.summary(taskId),
    queryFn: (context) => getSummaryInfo(taskId, readOptions(context)),
  });
}

/** Every student's results in the task (null: none chosen). */
export function useSummaryInfo(taskId: number | null) {
  return useQuery({ ...summaryInfoQueryOptions(taskId ?? 0), enabled: taskId !== null && taskId > 0 });
}

/** POST /api/task/answer/sheet */
export function getAnswerSheet(body: TaskSheetRequest, options?: RequestOptions): Promise<TaskAnswerSheet> {
  return api.post<TaskAnswerSheet>('/api/task/answer/sheet', body, options);
}

export function answerSheetQueryOptions(taskId: number, studentId: number) {
  return queryOptions({
    queryKey: lessonTaskKeys.sheet(taskId, studentId),
    queryFn: (context) => getAnswerSheet({ taskId, studentId }, { ...readOptions(context), noLoading: true }),
  });
}

/** A student's sheet of the task (null: no student chosen). */
export function useAnswerSheet(taskId: number, studentId: number | null) {
  return useQuery({ ...answerSheetQueryOptions(taskId, studentId ?? 0), enabled: studentId !== null });
}

/** A sheet changed: it is set, and what counts it (the task, its lesson's groups, the lists) read again. */
function sheetChanged(client: QueryClient, sheet: TaskAnswerSheet): void {
  client.setQueryData(lessonTaskKeys.sheet(sheet.taskId, sheet.studentId), sheet);
  void client.invalidateQueries({
    queryKey: lessonTaskKeys.task(sheet.taskId),
    predicate: (q) => q.queryKey[3] !== 'sheet' || q.queryKey[4] !== sheet.studentId,
  });
  void client.invalidateQueries({
    predicate: (q) => q.queryKey[0] === lessonTaskKeys.all[0] && q.queryKey[3] === 'groups',
  });
  void client.invalidateQueries({ queryKey: lessonTaskKeys.lists() });
}

/** POST /api/task/answer/save */
export function saveAnswers(body: TaskAnswerSaveRequest): Promise<TaskAnswerSheet> {
  return api.post<TaskAnswerSheet>('/api/task/answer/save', body, { loadingText: '正在保存答案' });
}

export function useSaveAnswers() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveAnswers, onSuccess: (sheet) => sheetChanged(client, sheet) });
}

/** POST /api/task/answer/mark */
export function markAnswer(body: TaskAnswerMarkRequest): Promise<TaskAnswerSheet> {
  return api.post<TaskAnswerSheet>('/api/task/answer/mark', body, { noLoading: true });
}

export function useMarkAnswer() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markAnswer, onSuccess: (sheet) => sheetChanged(client, sheet) });
}
