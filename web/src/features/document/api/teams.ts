// Team spaces (03 §7.8, `team` area): my teams with my role, creating, renaming and deleting a
// team (the owner; a team whose space holds items is not deleted), and its members with their
// roles (only the owner manages them), and the shares of the team's items, whoever made them
// (only the owner reads them; each is revoked by share/revoke). Every change reads the teams and
// the space tree again.

import { queryOptions, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShareInfo } from '@/generated/ShareInfo';
import type { Team } from '@/generated/Team';
import type { TeamCreateRequest } from '@/generated/TeamCreateRequest';
import type { TeamIdRequest } from '@/generated/TeamIdRequest';
import type { TeamMember } from '@/generated/TeamMember';
import type { TeamMemberAddRequest } from '@/generated/TeamMemberAddRequest';
import type { TeamMemberRequest } from '@/generated/TeamMemberRequest';
import type { TeamRenameRequest } from '@/generated/TeamRenameRequest';
import type { TeamRole } from '@/generated/TeamRole';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { driveKeys } from './drive-keys';

/** POST /api/team/operate/getList */
export function getTeams(options?: RequestOptions): Promise<Team[]> {
  return api.post<Team[]>('/api/team/operate/getList', {}, options);
}

export function teamsQueryOptions() {
  return queryOptions({ queryKey: driveKeys.teams(), queryFn: (context) => getTeams(readOptions(context)) });
}

export function useTeams(enabled = true) {
  return useQuery({ ...teamsQueryOptions(), enabled });
}

/** POST /api/team/getUserTeamRole */
export function getUserTeamRole(teamId: number): Promise<TeamRole> {
  const body: TeamIdRequest = { teamId };
  return api.post<TeamRole>('/api/team/getUserTeamRole', body);
}

/** POST /api/team/members */
export function getTeamMembers(teamId: number, options?: RequestOptions): Promise<TeamMember[]> {
  const body: TeamIdRequest = { teamId };
  return api.post<TeamMember[]>('/api/team/members', body, options);
}

export function useTeamMembers(teamId: number) {
  return useQuery({
    queryKey: driveKeys.members(teamId),
    queryFn: (context) => getTeamMembers(teamId, readOptions(context)),
  });
}

/** POST /api/team/shares: the shares of the team's items (the owner; others are refused). */
export function getTeamShares(teamId: number, options?: RequestOptions): Promise<ShareInfo[]> {
  const body: TeamIdRequest = { teamId };
  return api.post<ShareInfo[]>('/api/team/shares', body, options);
}

export function teamSharesQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: driveKeys.teamShares(teamId),
    queryFn: (context) => getTeamShares(teamId, readOptions(context)),
  });
}

/** Only for the team's owner: the server refuses everyone else. */
export function useTeamShares(teamId: number) {
  return useQuery(teamSharesQueryOptions(teamId));
}

/** The teams, their members and the space tree (team nodes) are read again. */
function refreshTeams(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: driveKeys.teams() }),
    queryClient.invalidateQueries({ queryKey: driveKeys.tree() }),
  ]).then(() => undefined);
}

function useTeamMutation<Body, Answer>(fn: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => refreshTeams(queryClient) });
}

/** POST /api/team/create */
export function createTeam(body: TeamCreateRequest): Promise<Team> {
  return api.post<Team>('/api/team/create', body);
}

export const useCreateTeam = () => useTeamMutation(createTeam);

/** POST /api/team/rename */
export function renameTeam(body: TeamRenameRequest): Promise<unknown> {
  return api.post('/api/team/rename', body);
}

export const useRenameTeam = () => useTeamMutation(renameTeam);

/** POST /api/team/delete (refused while the team space holds items). */
export function deleteTeam(teamId: number): Promise<unknown> {
  const body: TeamIdRequest = { teamId };
  return api.post('/api/team/delete', body);
}

export const useDeleteTeam = () => useTeamMutation(deleteTeam);

/** POST /api/team/member/add: colleagues by e-mail with a role (2 editor, 3 viewer). */
export function addTeamMembers(body: TeamMemberAddRequest): Promise<TeamMember[]> {
  return api.post<TeamMember[]>('/api/team/member/add', body);
}

export const useAddTeamMembers = () => useTeamMutation(addTeamMembers);

/** POST /api/team/member/remove */
export function removeTeamMember(body: TeamMemberRequest): Promise<unknown> {
  return api.post('/api/team/member/remove', body);
}

export const useRemoveTeamMember = () => useTeamMutation(removeTeamMember);

/** POST /api/team/member/role */
export function setTeamMemberRole(body: TeamMemberRequest): Promise<TeamMember> {
  return api.post<TeamMember>('/api/team/member/role', body);
}

export const useSetTeamMemberRole = () => useTeamMutation(setTeamMemberRole);
