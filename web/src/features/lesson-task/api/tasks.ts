// A lesson's task (03 §7.5): whether the lesson has one and the caller may set it (GET
// task/check), its default name (task/getTaskName), how many students it may be set for
// (task/class/student/limit), setting it (task/submit: while no answer is in, 409 after), one task
// with its questions (task/detail), closing it to answers (task/close), and its message to students
// and families (task/updateTextContent, task/checkTextContent: no phone
// numbers, links or WeChat/QQ, at most 1000 characters).

import { queryOptions, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LessonTask } from '@/generated/LessonTask';
import type { TaskCheck } from '@/generated/TaskCheck';
import type { TaskClassRequest } from '@/generated/TaskClassRequest';
import type { TaskIdRequest } from '@/generated/TaskIdRequest';
import type { TaskLessonRequest } from '@/generated/TaskLessonRequest';
import type { TaskName } from '@/generated/TaskName';
import type { TaskStudentLimit } from '@/generated/TaskStudentLimit';
import type { TaskSubmitRequest } from '@/generated/TaskSubmitRequest';
import type { TaskTextCheck } from '@/generated/TaskTextCheck';
import type { TaskTextContent } from '@/generated/TaskTextContent';
import type { TaskTextRequest } from '@/generated/TaskTextRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { lessonTaskKeys } from './lesson-task-keys';

/** GET /api/task/check?lessonId= */
export function getTaskCheck(lessonId: number, options?: RequestOptions): Promise<TaskCheck> {
  return api.get<TaskCheck>('/api/task/check', { ...options, params: { lessonId } });
}

export function taskCheckQueryOptions(lessonId: number) {
  return queryOptions({
    queryKey: lessonTaskKeys.check(lessonId),
    queryFn: (context) => getTaskCheck(lessonId, { ...readOptions(context), noLoading: true }),
  });
}

export function useTaskCheck(lessonId: number) {
  return useQuery(taskCheckQueryOptions(lessonId));
}

/** POST /api/task/getTaskName */
export function getTaskName(lessonId: number): Promise<TaskName> {
  const body: TaskLessonRequest = { lessonId };
  return api.post<TaskName>('/api/task/getTaskName', body, { noLoading: true });
}

/** The task's name, or the lesson's default one (read while `enabled`: the form is open). */
export function useTaskName(lessonId: number, enabled: boolean) {
  return useQuery({ queryKey: lessonTaskKeys.name(lessonId), queryFn: () => getTaskName(lessonId), enabled });
}

/** POST /api/task/class/student/limit */
export function getStudentLimit(classId: number): Promise<TaskStudentLimit> {
  const body: TaskClassRequest = { classId };
  return api.post<TaskStudentLimit>('/api/task/class/student/limit', body, { noLoading: true });
}

export function useStudentLimit(classId: number, enabled: boolean) {
  return useQuery({ queryKey: lessonTaskKeys.limit(classId), queryFn: () => getStudentLimit(classId), enabled });
}

/** POST /api/task/detail */
export function getTaskDetail(taskId: number, options?: RequestOptions): Promise<LessonTask> {
  const body: TaskIdRequest = { taskId };
  return api.post<LessonTask>('/api/task/detail', body, options);
}

export function taskDetailQueryOptions(taskId: number) {
  return queryOptions({
    queryKey: lessonTaskKeys.detail(taskId),
    queryFn: (context) => getTaskDetail(taskId, readOptions(context)),
  });
}

/** A task with its questions (null: none chosen). */
export function useTaskDetail(taskId: number | null) {
  return useQuery({ ...taskDetailQueryOptions(taskId ?? 0), enabled: taskId !== null && taskId > 0 });
}

/** A task changed (set again, closed): its own keys, its lesson's and the lists read again. */
export function refreshTask(client: QueryClient, task: LessonTask): void {
  client.setQueryData(lessonTaskKeys.detail(task.taskId), task);
  void client.invalidateQueries({ queryKey: lessonTaskKeys.task(task.taskId) });
  if (task.lessonId > 0) void client.invalidateQueries({ queryKey: lessonTaskKeys.lesson(task.lessonId) });
  void client.invalidateQueries({ queryKey: lessonTaskKeys.lists() });
}

/** POST /api/task/submit */
export function submitTask(body: TaskSubmitRequest): Promise<LessonTask> {
  return api.post<LessonTask>('/api/task/submit', body, { loadingText: '正在布置任务' });
}

export function useSubmitTask() {
  const client = useQueryClient();
  return useMutation({ mutationFn: submitTask, onSuccess: (task) => refreshTask(client, task) });
}

/** POST /api/task/close */
export function closeTask(taskId: number): Promise<LessonTask> {
  const body: TaskIdRequest = { taskId };
  return api.post<LessonTask>('/api/task/close', body);
}

export function useCloseTask() {
  const client = useQueryClient();
  return useMutation({ mutationFn: closeTask, onSuccess: (task) => refreshTask(client, task) });
}

/** POST /api/task/updateTextContent (400 with the problems joined when the check fails). */
export function updateTextContent(body: TaskTextRequest): Promise<TaskTextContent> {
  return api.post<TaskTextContent>('/api/task/updateTextContent', body);
}

export function useUpdateTextContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateTextContent,
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: lessonTaskKeys.task(saved.taskId) });
    },
  });
}

/** POST /api/task/checkTextContent */
export function checkTextContent(body: TaskTextRequest): Promise<TaskTextCheck> {
  return api.post<TaskTextCheck>('/api/task/checkTextContent', body, { noLoading: true });
}

export function useCheckTextContent() {
  return useMutation({ mutationFn: checkTextContent });
}
