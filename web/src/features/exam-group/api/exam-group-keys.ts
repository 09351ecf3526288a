// The query keys of the exam groups' and offline exams' server state. A group's members are under
// `members(groupId)`; everything of one exam (detail, members not handed in) under `exam(examId)`,
// so that a change reads it all again.

import type { ExamListRequest } from '@/generated/ExamListRequest';
import type { MemberListRequest } from '@/generated/MemberListRequest';

const all = ['examGroup'] as const;

export const examGroupKeys = {
  all,
  whiteChecks: () => [...all, 'whiteCheck'] as const,
  whiteCheck: (email: string) => [...all, 'whiteCheck', email] as const,
  groups: () => [...all, 'groups'] as const,
  groupList: (keyword: string) => [...all, 'groups', keyword] as const,
  members: (groupId: number) => [...all, 'members', groupId] as const,
  memberPage: (request: MemberListRequest) => [...all, 'members', request.groupId, request] as const,
  searches: () => [...all, 'search'] as const,
  search: (keyword: string, groupId: number | null) => [...all, 'search', keyword, groupId] as const,
  selection: () => [...all, 'selection'] as const,
  exams: () => [...all, 'exams'] as const,
  examList: (request: ExamListRequest) => [...all, 'exams', 'mine', request] as const,
  sharedExams: () => [...all, 'exams', 'shared'] as const,
  exam: (examId: number) => [...all, 'exam', examId] as const,
  detail: (examId: number) => [...all, 'exam', examId, 'detail'] as const,
  notSubmitted: (examId: number) => [...all, 'exam', examId, 'notSubmitted'] as const,
  colleagues: (keyword: string) => [...all, 'colleagues', keyword] as const,
};
