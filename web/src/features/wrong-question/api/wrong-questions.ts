// Wrong questions (03 §7.5): my classes by type with their wrong questions counted
// (wrongQuestion/class/group/list), a class's students counted (wrongQuestion/task/studentSummaryInfo),
// whether the class (or some of its students) has open ones to send practice for and a send under
// way (wrongQuestion/exist/status), and a student's correction notebook, all or one state
// (wrongQuestion/student/list).

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WrongClassGroup } from '@/generated/WrongClassGroup';
import type { WrongClassRequest } from '@/generated/WrongClassRequest';
import type { WrongExistStatus } from '@/generated/WrongExistStatus';
import type { WrongListRequest } from '@/generated/WrongListRequest';
import type { WrongQuestion } from '@/generated/WrongQuestion';
import type { WrongStudentSummary } from '@/generated/WrongStudentSummary';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { wrongQuestionKeys } from './wrong-question-keys';

/** POST /api/wrongQuestion/class/group/list */
export async function getClassGroups(options?: RequestOptions): Promise<WrongClassGroup[]> {
  const groups = await api.post<WrongClassGroup[] | null>('/api/wrongQuestion/class/group/list', {}, options);
  return Array.isArray(groups) ? groups : [];
}

export function classGroupsQueryOptions() {
  return queryOptions({
    queryKey: wrongQuestionKeys.classGroups(),
    queryFn: (context) => getClassGroups(readOptions(context)),
  });
}

export function useWrongClassGroups() {
  return useQuery(classGroupsQueryOptions());
}

/** POST /api/wrongQuestion/task/studentSummaryInfo */
export async function getStudentSummaries(
  body: WrongClassRequest,
  options?: RequestOptions,
): Promise<WrongStudentSummary[]> {
  const rows = await api.post<WrongStudentSummary[] | null>(
    '/api/wrongQuestion/task/studentSummaryInfo',
    body,
    options,
  );
  return Array.isArray(rows) ? rows : [];
}

export function studentSummariesQueryOptions(classId: number) {
  return queryOptions({
    queryKey: wrongQuestionKeys.students(classId),
    queryFn: (context) => getStudentSummaries({ classId }, { ...readOptions(context), noLoading: true }),
  });
}

/** A class's students with their wrong questions counted (null: no class chosen). */
export function useWrongStudents(classId: number | null) {
  return useQuery({ ...studentSummariesQueryOptions(classId ?? 0), enabled: classId !== null });
}

/** POST /api/wrongQuestion/exist/status */
export function getExistStatus(body: WrongClassRequest): Promise<WrongExistStatus> {
  return api.post<WrongExistStatus>('/api/wrongQuestion/exist/status', body, { noLoading: true });
}

/** Whether the class (or the students named; none: all) has open wrong questions, and a send under way. */
export function useExistStatus(classId: number | null, studentIds: readonly number[]) {
  return useQuery({
    queryKey: wrongQuestionKeys.exist(classId ?? 0, studentIds),
    queryFn: () =>
      getExistStatus(
        studentIds.length > 0 ? { classId: classId ?? 0, studentIds: [...studentIds] } : { classId: classId ?? 0 },
      ),
    enabled: classId !== null,
  });
}

/** POST /api/wrongQuestion/student/list */
export async function getStudentWrongQuestions(
  body: WrongListRequest,
  options?: RequestOptions,
): Promise<WrongQuestion[]> {
  const rows = await api.post<WrongQuestion[] | null>('/api/wrongQuestion/student/list', body, options);
  return Array.isArray(rows) ? rows : [];
}

export function studentWrongQuestionsQueryOptions(studentId: number, status: number | null) {
  return queryOptions({
    queryKey: wrongQuestionKeys.studentList(studentId, status),
    queryFn: (context) =>
      getStudentWrongQuestions(status === null ? { studentId } : { studentId, status }, {
        ...readOptions(context),
        noLoading: true,
      }),
  });
}

/** A student's wrong questions, all or of one state (null: no student chosen). */
export function useStudentWrongQuestions(studentId: number | null, status: number | null) {
  return useQuery({ ...studentWrongQuestionsQueryOptions(studentId ?? 0, status), enabled: studentId !== null });
}
