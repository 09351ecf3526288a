// The students' calls, public (no session): what a join link is for (/camp/student/join/info),
// joining with student code and name (/join, answering the member token), the camp as the member
// follows it (/view), a task's file (/task/file), finishing a task (/task/done) and answering a
// question set (/task/answer). The member token of each camp joined is kept in localStorage.

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JoinCampRequest } from '@/generated/JoinCampRequest';
import type { JoinedCamp } from '@/generated/JoinedCamp';
import type { JoinInfo } from '@/generated/JoinInfo';
import type { JoinTokenRequest } from '@/generated/JoinTokenRequest';
import type { MemberTokenRequest } from '@/generated/MemberTokenRequest';
import type { StudentAnswerRequest } from '@/generated/StudentAnswerRequest';
import type { StudentCampView } from '@/generated/StudentCampView';
import type { StudentTaskDone } from '@/generated/StudentTaskDone';
import type { StudentTaskRequest } from '@/generated/StudentTaskRequest';
import type { TaskFileInfo } from '@/generated/TaskFileInfo';
import { api, type RequestOptions } from '@/lib/api-client';
import { campKeys } from './camp-keys';

/** POST /api/camp/student/join/info */
export function getJoinInfo(token: string, options?: RequestOptions): Promise<JoinInfo> {
  const body: JoinTokenRequest = { token };
  return api.post<JoinInfo>('/api/camp/student/join/info', body, options);
}

export function joinInfoQueryOptions(token: string) {
  return queryOptions({
    queryKey: campKeys.joinInfo(token),
    // The page says what is wrong with the link itself: no toast.
    queryFn: () => getJoinInfo(token, { quiet: true }),
  });
}

export function useJoinInfo(token: string) {
  return useQuery({ ...joinInfoQueryOptions(token), enabled: token !== '' });
}

/** POST /api/camp/student/join */
export function joinCamp(body: JoinCampRequest): Promise<JoinedCamp> {
  return api.post<JoinedCamp>('/api/camp/student/join', body);
}

export function useJoinCamp() {
  return useMutation({ mutationFn: joinCamp });
}

/** POST /api/camp/student/view */
export function getStudentView(memberToken: string, options?: RequestOptions): Promise<StudentCampView> {
  const body: MemberTokenRequest = { memberToken };
  return api.post<StudentCampView>('/api/camp/student/view', body, options);
}

export function studentViewQueryOptions(memberToken: string) {
  return queryOptions({
    queryKey: campKeys.studentView(memberToken),
    queryFn: () => getStudentView(memberToken, { quiet: true }),
  });
}

export function useStudentView(memberToken: string | null) {
  return useQuery({ ...studentViewQueryOptions(memberToken ?? ''), enabled: !!memberToken });
}

/** POST /api/camp/student/task/file */
export function getStudentTaskFile(body: StudentTaskRequest): Promise<TaskFileInfo> {
  return api.post<TaskFileInfo>('/api/camp/student/task/file', body);
}

/** POST /api/camp/student/task/done */
export function finishStudentTask(body: StudentTaskRequest): Promise<StudentTaskDone> {
  return api.post<StudentTaskDone>('/api/camp/student/task/done', body);
}

/** POST /api/camp/student/task/answer */
export function answerStudentTask(body: StudentAnswerRequest): Promise<StudentTaskDone> {
  return api.post<StudentTaskDone>('/api/camp/student/task/answer', body);
}

/** A step of the member's (open a file, finish, answer): the camp's view reads again after it. */
function useStudentStep<Body extends { memberToken: string }, Answer>(fn: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_answer, body) => queryClient.invalidateQueries({ queryKey: campKeys.studentView(body.memberToken) }),
  });
}

export function useStudentTaskFile() {
  return useStudentStep(getStudentTaskFile);
}

export function useFinishStudentTask() {
  return useStudentStep(finishStudentTask);
}

export function useAnswerStudentTask() {
  return useStudentStep(answerStudentTask);
}
