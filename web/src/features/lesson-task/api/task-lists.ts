// Lists of tasks (03 §7.5): my lesson tasks with answers in — all of them, newest lesson first
// (lesson/report/hasAnswer/list, at most 200), or a page filtered by class, lesson time and answers
// left to mark (lesson/report/hasAnswer/list/v2) — every task set for a class, answered or not
// (task/class/list), and a student's tasks found by their code, the code on a paper answer sheet
// (lesson/studentcode/resource/query).

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HasAnswerRequest } from '@/generated/HasAnswerRequest';
import type { HasAnswerTask } from '@/generated/HasAnswerTask';
import type { Page } from '@/generated/Page';
import type { StudentCodeRequest } from '@/generated/StudentCodeRequest';
import type { StudentCodeResources } from '@/generated/StudentCodeResources';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { lessonTaskKeys } from './lesson-task-keys';

/** POST /api/lesson/report/hasAnswer/list */
export async function getHasAnswerList(options?: RequestOptions): Promise<HasAnswerTask[]> {
  const list = await api.post<HasAnswerTask[] | null>('/api/lesson/report/hasAnswer/list', {}, options);
  return Array.isArray(list) ? list : [];
}

export function hasAnswerListQueryOptions() {
  return queryOptions({
    queryKey: lessonTaskKeys.hasAnswerList(),
    queryFn: (context) => getHasAnswerList({ ...readOptions(context), noLoading: true }),
  });
}

export function useHasAnswerList() {
  return useQuery(hasAnswerListQueryOptions());
}

/** POST /api/lesson/report/hasAnswer/list/v2 */
export async function getHasAnswerPage(
  request: HasAnswerRequest,
  options?: RequestOptions,
): Promise<Page<HasAnswerTask>> {
  const page = await api.post<Page<HasAnswerTask> | null>('/api/lesson/report/hasAnswer/list/v2', request, options);
  return page && Array.isArray(page.records)
    ? page
    : { records: [], total: 0, pageNo: request.pageNo ?? 1, pageSize: request.pageSize ?? 0 };
}

export function hasAnswerPageQueryOptions(request: HasAnswerRequest) {
  return queryOptions({
    queryKey: lessonTaskKeys.hasAnswerPage(request),
    queryFn: (context) => getHasAnswerPage(request, readOptions(context)),
  });
}

/** The page shown stays while the next one is read. */
export function useHasAnswerPage(request: HasAnswerRequest) {
  return useQuery({ ...hasAnswerPageQueryOptions(request), placeholderData: keepPreviousData });
}

/** The body of POST /api/task/class/list (protocol's `ClassTaskListRequest`). */
export interface ClassTaskListRequest {
  classId: number;
  pageNo?: number;
  pageSize?: number;
}

/**
 * POST /api/task/class/list: a page of every task set for the class, answered or not, newest
 * lesson first, for whoever may read the class (404 when they may not).
 */
export async function getClassTaskPage(
  request: ClassTaskListRequest,
  options?: RequestOptions,
): Promise<Page<HasAnswerTask>> {
  const page = await api.post<Page<HasAnswerTask> | null>('/api/task/class/list', request, options);
  return page && Array.isArray(page.records)
    ? page
    : { records: [], total: 0, pageNo: request.pageNo ?? 1, pageSize: request.pageSize ?? 0 };
}

export function classTaskPageQueryOptions(request: ClassTaskListRequest) {
  return queryOptions({
    queryKey: lessonTaskKeys.classTaskPage(request),
    queryFn: (context) => getClassTaskPage(request, readOptions(context)),
  });
}

/** The page shown stays while the next one is read. */
export function useClassTaskPage(request: ClassTaskListRequest) {
  return useQuery({ ...classTaskPageQueryOptions(request), placeholderData: keepPreviousData });
}

/** POST /api/lesson/studentcode/resource/query */
export function getStudentTasks(studentCode: string, options?: RequestOptions): Promise<StudentCodeResources> {
  const body: StudentCodeRequest = { studentCode };
  return api.post<StudentCodeResources>('/api/lesson/studentcode/resource/query', body, options);
}

export function studentTasksQueryOptions(studentCode: string) {
  return queryOptions({
    queryKey: lessonTaskKeys.studentTasks(studentCode),
    queryFn: (context) => getStudentTasks(studentCode, readOptions(context)),
  });
}

/** A student's tasks (read once a code is entered). */
export function useStudentTasks(studentCode: string) {
  return useQuery({ ...studentTasksQueryOptions(studentCode), enabled: studentCode !== '' });
}
