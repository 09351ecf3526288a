// Project teams of staff (spec 02 §7.6 `tfGroup`): the teams of each school, their members, and
// moving staff between them. Reports filter by project team, so a move changes staff records too.

import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { BatchChangeGroup } from '@/generated/BatchChangeGroup';
import type { ChangeGroup } from '@/generated/ChangeGroup';
import type { Changed } from '@/generated/Changed';
import type { EmailList } from '@/generated/EmailList';
import type { EmailListResult } from '@/generated/EmailListResult';
import type { IdsRequest } from '@/generated/IdsRequest';
import type { Page } from '@/generated/Page';
import type { ProjectTeamRow } from '@/generated/ProjectTeamRow';
import type { ProjectTeamSave } from '@/generated/ProjectTeamSave';
import type { SchoolDepts } from '@/generated/SchoolDepts';
import type { SchoolTeams } from '@/generated/SchoolTeams';
import type { StaffInfo } from '@/generated/StaffInfo';
import type { TeamSearch } from '@/generated/TeamSearch';
import type { UserIdsRequest } from '@/generated/UserIdsRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { postPage } from './qc-page';
import { qcKeys } from './qc-keys';

/** GET /api/tfGroup/findGroupListV2: every school's teams. */
export function getTeamsBySchool(options?: RequestOptions): Promise<SchoolTeams[]> {
  return api.get<SchoolTeams[]>('/api/tfGroup/findGroupListV2', options);
}

export function teamsBySchoolQueryOptions() {
  return queryOptions({
    queryKey: qcKeys.teamsBySchool(),
    queryFn: (context) => getTeamsBySchool(readOptions(context)),
  });
}

export function useTeamsBySchool() {
  return useQuery(teamsBySchoolQueryOptions());
}

/** POST /api/tfGroup/memberListV2: staff by school, department, team (0: none) and keyword. */
export function getMembers(search: TeamSearch, options?: RequestOptions): Promise<Page<StaffInfo>> {
  return postPage<StaffInfo>('/api/tfGroup/memberListV2', search, options);
}

export function membersQueryOptions(search: TeamSearch) {
  return queryOptions({
    queryKey: qcKeys.memberPage(search),
    queryFn: (context) => getMembers(search, readOptions(context)),
  });
}

export function useMembers(search: TeamSearch) {
  return useQuery({ ...membersQueryOptions(search), placeholderData: keepPreviousData });
}

/** GET /api/tfGroup/getSchoolDeptList (no loading: a filter). */
export function getSchoolDepts(): Promise<SchoolDepts[]> {
  return api.get<SchoolDepts[]>('/api/tfGroup/getSchoolDeptList', { noLoading: true });
}

export function useSchoolDepts() {
  return useQuery({ queryKey: qcKeys.depts(), queryFn: getSchoolDepts, staleTime: Infinity });
}

/** Teams, members and the staff records that name them. */
function invalidateTeams(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [qcKeys.teams(), qcKeys.members(), qcKeys.staff()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

/** POST /api/tfGroup/addOrUpdate (no id: a new team). */
export function saveTeam(body: ProjectTeamSave): Promise<ProjectTeamRow> {
  return api.post<ProjectTeamRow>('/api/tfGroup/addOrUpdate', body);
}

export function useSaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTeam, onSuccess: () => invalidateTeams(queryClient) });
}

/** POST /api/tfGroup/batchDelGroup: the teams go, their members stay without a team. */
export function deleteTeams(ids: number[]): Promise<Changed> {
  const body: IdsRequest = { ids };
  return api.post<Changed>('/api/tfGroup/batchDelGroup', body);
}

export function useDeleteTeams() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTeams, onSuccess: () => invalidateTeams(queryClient) });
}

/** POST /api/tfGroup/changeGroup: one staff member into a team (0: out of every team). */
export function changeTeam(body: ChangeGroup): Promise<Changed> {
  return api.post<Changed>('/api/tfGroup/changeGroup', body);
}

export function useChangeTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeTeam, onSuccess: () => invalidateTeams(queryClient) });
}

/** POST /api/tfGroup/batchChangeGroup */
export function moveToTeam(body: BatchChangeGroup): Promise<Changed> {
  return api.post<Changed>('/api/tfGroup/batchChangeGroup', body);
}

export function useMoveToTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveToTeam, onSuccess: () => invalidateTeams(queryClient) });
}

/** POST /api/tfGroup/batchDel: the staff leave their teams. */
export function removeFromTeams(userIds: number[]): Promise<Changed> {
  const body: UserIdsRequest = { userIds };
  return api.post<Changed>('/api/tfGroup/batchDel', body);
}

export function useRemoveFromTeams() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeFromTeams, onSuccess: () => invalidateTeams(queryClient) });
}

/** POST /api/tfGroup/emailList: the staff of pasted e-mails, and the e-mails of nobody. */
export function findStaffByEmails(emails: string[]): Promise<EmailListResult> {
  const body: EmailList = { emails };
  return api.post<EmailListResult>('/api/tfGroup/emailList', body);
}

export function useFindStaffByEmails() {
  return useMutation({ mutationFn: findStaffByEmails });
}
