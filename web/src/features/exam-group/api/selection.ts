// My selection, the students the next exam is published to (POST
// /api/exam/group/member/select/list): students added one by one (/select/save) or as whole
// groups (/select/save/v2), some or all removed (/select/remove). Publishing empties it.

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MembersChanged } from '@/generated/MembersChanged';
import type { SelectedStudent } from '@/generated/SelectedStudent';
import type { SelectGroupsRequest } from '@/generated/SelectGroupsRequest';
import type { SelectRemoveRequest } from '@/generated/SelectRemoveRequest';
import type { SelectSaveRequest } from '@/generated/SelectSaveRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { examGroupKeys } from './exam-group-keys';

/** POST /api/exam/group/member/select/list */
export async function getSelection(options?: RequestOptions): Promise<SelectedStudent[]> {
  return (await api.post<SelectedStudent[] | null>('/api/exam/group/member/select/list', {}, options)) ?? [];
}

export function selectionQueryOptions() {
  return queryOptions({
    queryKey: examGroupKeys.selection(),
    queryFn: (context) => getSelection({ ...readOptions(context), noLoading: true }),
  });
}

/** The selection, read while `enabled` (the user may use groups). */
export function useSelection(enabled = true) {
  return useQuery({ ...selectionQueryOptions(), enabled });
}

/** POST /api/exam/group/member/select/save */
export function selectStudents(studentIds: number[]): Promise<MembersChanged> {
  const body: SelectSaveRequest = { studentIds };
  return api.post<MembersChanged>('/api/exam/group/member/select/save', body);
}

/** POST /api/exam/group/member/select/save/v2 */
export function selectGroups(groupIds: number[]): Promise<MembersChanged> {
  const body: SelectGroupsRequest = { groupIds };
  return api.post<MembersChanged>('/api/exam/group/member/select/save/v2', body);
}

/** POST /api/exam/group/member/select/remove: `studentIds`, or every student with `all`. */
export function unselect(studentIds: number[] | 'all'): Promise<MembersChanged> {
  const body: SelectRemoveRequest = studentIds === 'all' ? { studentIds: [], all: true } : { studentIds };
  return api.post<MembersChanged>('/api/exam/group/member/select/remove', body);
}

/** A change of the selection: it reads again. */
function useSelectionChange<V>(fn: (v: V) => Promise<MembersChanged>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: examGroupKeys.selection() }),
  });
}

export const useSelectStudents = () => useSelectionChange(selectStudents);
export const useSelectGroups = () => useSelectionChange(selectGroups);
export const useUnselect = () => useSelectionChange(unselect);
