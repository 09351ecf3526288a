// The students of a visited lesson with their attendance and the visitor's rating
// (`recordTool/visit/students`), and the rating of one (`visit/student/save`: attention 0 clears
// it, else VISIT_ATTENTION; the visitor only, while recording).

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VisitIdRequest } from '@/generated/VisitIdRequest';
import type { VisitStudent } from '@/generated/VisitStudent';
import type { VisitStudentSaveRequest } from '@/generated/VisitStudentSaveRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { recordToolKeys } from './record-tool-keys';

/** POST /api/recordTool/visit/students: quiet, the page says why they could not be read. */
export async function getVisitStudents(id: number, options?: RequestOptions): Promise<VisitStudent[]> {
  const body: VisitIdRequest = { id };
  const students = await api.post<VisitStudent[] | null>('/api/recordTool/visit/students', body, {
    ...options,
    quiet: true,
  });
  return Array.isArray(students) ? students : [];
}

export function visitStudentsQueryOptions(id: number) {
  return queryOptions({
    queryKey: recordToolKeys.students(id),
    queryFn: (context) => getVisitStudents(id, readOptions(context)),
  });
}

export function useVisitStudents(id: number) {
  return useQuery(visitStudentsQueryOptions(id));
}

/** POST /api/recordTool/visit/student/save */
export function saveVisitStudent(body: VisitStudentSaveRequest): Promise<VisitStudent> {
  return api.post<VisitStudent>('/api/recordTool/visit/student/save', body);
}

/** Rates a student; the student answered replaces theirs in the visit's list. */
export function useSaveVisitStudent(visitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVisitStudent,
    onSuccess: (student) =>
      queryClient.setQueryData<VisitStudent[]>(recordToolKeys.students(visitId), (students = []) =>
        students.map((s) => (s.studentId === student.studentId ? student : s)),
      ),
  });
}
