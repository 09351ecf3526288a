// My exam groups (POST /api/exam/group/list, by keyword), creating or renaming one
// (/exam/group/save; 409 for a name I already use) and deleting one (/exam/group/delete).

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExamGroup } from '@/generated/ExamGroup';
import type { GroupIdRequest } from '@/generated/GroupIdRequest';
import type { GroupListRequest } from '@/generated/GroupListRequest';
import type { GroupSaveRequest } from '@/generated/GroupSaveRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { examGroupKeys } from './exam-group-keys';

/** POST /api/exam/group/list */
export async function getGroups(keyword: string, options?: RequestOptions): Promise<ExamGroup[]> {
  const body: GroupListRequest = keyword ? { keyword } : {};
  return (await api.post<ExamGroup[] | null>('/api/exam/group/list', body, options)) ?? [];
}

export function groupsQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: examGroupKeys.groupList(keyword),
    queryFn: (context) => getGroups(keyword, readOptions(context)),
  });
}

/** The groups shown stay while another keyword is read. */
export function useGroups(keyword: string) {
  return useQuery({ ...groupsQueryOptions(keyword), placeholderData: keepPreviousData });
}

/** POST /api/exam/group/save (quiet: the form shows what went wrong). */
export function saveGroup(body: GroupSaveRequest): Promise<ExamGroup> {
  return api.post<ExamGroup>('/api/exam/group/save', body, { quiet: true });
}

/** Creates or renames a group; the lists read again (the selection shows group names). */
export function useSaveGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveGroup,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: examGroupKeys.groups() });
      void client.invalidateQueries({ queryKey: examGroupKeys.selection() });
    },
  });
}

/** POST /api/exam/group/delete */
export function deleteGroup(groupId: number): Promise<boolean> {
  const body: GroupIdRequest = { groupId };
  return api.post<boolean>('/api/exam/group/delete', body);
}

/** Deletes a group: its members are forgotten, the lists and the selection read again. */
export function useDeleteGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_done, groupId) => {
      client.removeQueries({ queryKey: examGroupKeys.members(groupId) });
      void client.invalidateQueries({ queryKey: examGroupKeys.groups() });
      void client.invalidateQueries({ queryKey: examGroupKeys.selection() });
    },
  });
}
