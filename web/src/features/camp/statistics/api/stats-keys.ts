// The query keys of a camp's statistics (03 §7.6). Everything the students' progress changes sits
// under `camp(campId)`, read again when `magic_camp_changed` reports progress or a state change of
// that camp; the working copy's phases (the task pickers) under `phases(campId)`, read again on a
// structure change; the camp list under `camps`.

import type { MemberConditionRequest } from '@/generated/MemberConditionRequest';
import type { TaskMembersRequest } from '@/generated/TaskMembersRequest';
import type { CampListRequest } from '@/generated/CampListRequest';

const all = ['campStatistics'] as const;

export const campStatsKeys = {
  all,
  enums: () => [...all, 'enums'] as const,
  camps: (request?: CampListRequest) =>
    request ? ([...all, 'camps', request] as const) : ([...all, 'camps'] as const),
  phases: (campId: number) => [...all, 'phases', campId] as const,
  camp: (campId: number) => [...all, 'camp', campId] as const,
  overview: (campId: number) => [...all, 'camp', campId, 'overview'] as const,
  phaseStats: (campId: number) => [...all, 'camp', campId, 'phaseStats'] as const,
  classStats: (campId: number) => [...all, 'camp', campId, 'classStats'] as const,
  members: (request: MemberConditionRequest) => [...all, 'camp', request.campId, 'members', request] as const,
  memberHead: (campId: number, memberId: number) => [...all, 'camp', campId, 'memberHead', memberId] as const,
  memberTasks: (campId: number, memberId: number) => [...all, 'camp', campId, 'memberTasks', memberId] as const,
  poster: (campId: number, memberId: number) => [...all, 'camp', campId, 'poster', memberId] as const,
  taskSummary: (campId: number, taskId: number) => [...all, 'camp', campId, 'taskSummary', taskId] as const,
  taskMembers: (request: TaskMembersRequest) => [...all, 'camp', request.campId, 'taskMembers', request] as const,
};
