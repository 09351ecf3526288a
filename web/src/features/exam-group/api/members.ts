// A group's members page by page (POST /api/exam/group/member/list), students of my schools by
// name or code (/exam/group/member/user/search; inGroup marks the members of the group named),
// and adding or removing members (/exam/group/member/add, /member/remove).

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupMembersRequest } from '@/generated/GroupMembersRequest';
import type { GroupStudent } from '@/generated/GroupStudent';
import type { MemberListRequest } from '@/generated/MemberListRequest';
import type { MembersChanged } from '@/generated/MembersChanged';
import type { MemberSearchRequest } from '@/generated/MemberSearchRequest';
import type { Page } from '@/generated/Page';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { examGroupKeys } from './exam-group-keys';

const emptyPage = <T>(pageNo = 1, pageSize = 0): Page<T> => ({ records: [], total: 0, pageNo, pageSize });

/** POST /api/exam/group/member/list */
export async function getGroupMembers(
  request: MemberListRequest,
  options?: RequestOptions,
): Promise<Page<GroupStudent>> {
  const page = await api.post<Page<GroupStudent> | null>('/api/exam/group/member/list', request, options);
  return page && Array.isArray(page.records) ? page : emptyPage(request.pageNo, request.pageSize);
}

export function groupMembersQueryOptions(request: MemberListRequest) {
  return queryOptions({
    queryKey: examGroupKeys.memberPage(request),
    queryFn: (context) => getGroupMembers(request, readOptions(context)),
  });
}

/** The page shown stays while the next one is read. */
export function useGroupMembers(request: MemberListRequest) {
  return useQuery({ ...groupMembersQueryOptions(request), placeholderData: keepPreviousData });
}

/** POST /api/exam/group/member/user/search */
export async function searchStudents(keyword: string, groupId: number | null): Promise<GroupStudent[]> {
  const body: MemberSearchRequest = groupId === null ? { keyword } : { keyword, groupId };
  return (
    (await api.post<GroupStudent[] | null>('/api/exam/group/member/user/search', body, {
      noLoading: true,
      quiet: true,
    })) ?? []
  );
}

/** Students as the user types (nothing is asked for an empty keyword). */
export function useStudentSearch(keyword: string, groupId: number | null) {
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: examGroupKeys.search(trimmed, groupId),
    queryFn: () => searchStudents(trimmed, groupId),
    enabled: trimmed !== '',
    placeholderData: keepPreviousData,
  });
}

/** POST /api/exam/group/member/add */
export function addGroupMembers(body: GroupMembersRequest): Promise<MembersChanged> {
  return api.post<MembersChanged>('/api/exam/group/member/add', body);
}

/** POST /api/exam/group/member/remove */
export function removeGroupMembers(body: GroupMembersRequest): Promise<MembersChanged> {
  return api.post<MembersChanged>('/api/exam/group/member/remove', body);
}

/** A change of a group's members: its members, the groups' counts and the searches read again. */
function useMembersChange(fn: (body: GroupMembersRequest) => Promise<MembersChanged>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_changed, { groupId }) => {
      void client.invalidateQueries({ queryKey: examGroupKeys.members(groupId) });
      void client.invalidateQueries({ queryKey: examGroupKeys.groups() });
      void client.invalidateQueries({ queryKey: examGroupKeys.searches() });
    },
  });
}

export const useAddGroupMembers = () => useMembersChange(addGroupMembers);
export const useRemoveGroupMembers = () => useMembersChange(removeGroupMembers);
