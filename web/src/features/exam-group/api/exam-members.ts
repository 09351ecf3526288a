// An exam's members who have not handed in (POST /api/exam/group/member/select/noSubmit/list),
// students added to it (/exam/collections/member/gdk/add/userList, publisher only) and results
// recorded (/exam/score/save: a score marks the paper handed in, null clears it).

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExamAddMembersRequest } from '@/generated/ExamAddMembersRequest';
import type { ExamIdRequest } from '@/generated/ExamIdRequest';
import type { ExamMember } from '@/generated/ExamMember';
import type { ExamRow } from '@/generated/ExamRow';
import type { ExamScoresRequest } from '@/generated/ExamScoresRequest';
import type { MembersChanged } from '@/generated/MembersChanged';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { examGroupKeys } from './exam-group-keys';
import { refreshExam } from './exams';

/** POST /api/exam/group/member/select/noSubmit/list */
export async function getNotSubmitted(examId: number, options?: RequestOptions): Promise<ExamMember[]> {
  const body: ExamIdRequest = { examId };
  return (await api.post<ExamMember[] | null>('/api/exam/group/member/select/noSubmit/list', body, options)) ?? [];
}

export function notSubmittedQueryOptions(examId: number) {
  return queryOptions({
    queryKey: examGroupKeys.notSubmitted(examId),
    queryFn: (context) => getNotSubmitted(examId, readOptions(context)),
  });
}

/** Read while `enabled` (the 未交 filter is on). */
export function useNotSubmitted(examId: number, enabled: boolean) {
  return useQuery({ ...notSubmittedQueryOptions(examId), enabled });
}

/** POST /api/exam/collections/member/gdk/add/userList */
export function addExamMembers(body: ExamAddMembersRequest): Promise<MembersChanged> {
  return api.post<MembersChanged>('/api/exam/collections/member/gdk/add/userList', body);
}

export function useAddExamMembers(examId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (studentIds: number[]) => addExamMembers({ examId, studentIds }),
    onSuccess: () => refreshExam(client, examId),
  });
}

/** POST /api/exam/score/save */
export function saveScores(body: ExamScoresRequest): Promise<ExamRow> {
  return api.post<ExamRow>('/api/exam/score/save', body);
}

/** Records results; the exam (its average, who handed in) and the lists read again. */
export function useSaveScores(examId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (scores: ExamScoresRequest['scores']) => saveScores({ examId, scores }),
    onSuccess: () => refreshExam(client, examId),
  });
}
