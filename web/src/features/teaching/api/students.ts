// My students (POST /api/teaching/students), a student's page (student/detail) and their lessons
// page by page (student/lessons; with clockedIn the clock-ins).

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyStudentRow } from '@/generated/MyStudentRow';
import type { MyStudentsRequest } from '@/generated/MyStudentsRequest';
import type { Page } from '@/generated/Page';
import type { StudentDetail } from '@/generated/StudentDetail';
import type { StudentLessonRow } from '@/generated/StudentLessonRow';
import type { StudentLessonsRequest } from '@/generated/StudentLessonsRequest';
import type { TeachingIdRequest } from '@/generated/TeachingIdRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { postPage } from './post-page';
import { teachingKeys } from './teaching-keys';

/** POST /api/teaching/students */
export function getMyStudents(request: MyStudentsRequest, options?: RequestOptions): Promise<Page<MyStudentRow>> {
  return postPage<MyStudentRow>('/api/teaching/students', request, options);
}

export function myStudentsQueryOptions(request: MyStudentsRequest) {
  return queryOptions({
    queryKey: teachingKeys.students(request),
    queryFn: (context) => getMyStudents(request, readOptions(context)),
  });
}

/** The page shown stays while the next one is read. */
export function useMyStudents(request: MyStudentsRequest) {
  return useQuery({ ...myStudentsQueryOptions(request), placeholderData: keepPreviousData });
}

/** POST /api/teaching/student/detail */
export function getStudentDetail(id: number, options?: RequestOptions): Promise<StudentDetail> {
  const body: TeachingIdRequest = { id };
  return api.post<StudentDetail>('/api/teaching/student/detail', body, options);
}

export function studentDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: teachingKeys.student(id),
    queryFn: (context) => getStudentDetail(id, readOptions(context)),
  });
}

export function useStudentDetail(id: number) {
  return useQuery(studentDetailQueryOptions(id));
}

/** POST /api/teaching/student/lessons */
export function getStudentLessons(
  request: StudentLessonsRequest,
  options?: RequestOptions,
): Promise<Page<StudentLessonRow>> {
  return postPage<StudentLessonRow>('/api/teaching/student/lessons', request, options);
}

export function studentLessonsQueryOptions(request: StudentLessonsRequest) {
  return queryOptions({
    queryKey: teachingKeys.studentLessons(request),
    queryFn: (context) => getStudentLessons(request, readOptions(context)),
  });
}

export function useStudentLessons(request: StudentLessonsRequest) {
  return useQuery({ ...studentLessonsQueryOptions(request), placeholderData: keepPreviousData });
}
