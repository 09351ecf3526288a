// The organisation (组织架构): school groups, schools with their teaching sites and departments,
// and the provinces a school is placed in. Every change reads the tree again.

import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AreaDelete } from '@/generated/AreaDelete';
import type { AreaSave } from '@/generated/AreaSave';
import type { DepartmentSave } from '@/generated/DepartmentSave';
import type { IdRequest } from '@/generated/IdRequest';
import type { OrgTree } from '@/generated/OrgTree';
import type { SchoolClose } from '@/generated/SchoolClose';
import type { SchoolGroupSave } from '@/generated/SchoolGroupSave';
import type { SchoolSave } from '@/generated/SchoolSave';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { adminKeys } from './admin-keys';

/** GET /api/admin/org */
export function getOrg(options?: RequestOptions): Promise<OrgTree> {
  return api.get<OrgTree>('/api/admin/org', options);
}

export function orgQueryOptions() {
  return queryOptions({ queryKey: adminKeys.org(), queryFn: (context) => getOrg(readOptions(context)) });
}

export function useOrg() {
  return useQuery(orgQueryOptions());
}

function invalidateOrg(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.org() });
}

/** A mutation of the organisation: the tree reads again once it is done. */
function useOrgMutation<Body, Answer>(mutationFn: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateOrg(queryClient) });
}

/** POST /api/admin/org/group/save (no id: a new group): the group's id. */
export function saveGroup(body: SchoolGroupSave): Promise<number> {
  return api.post<number>('/api/admin/org/group/save', body);
}

export function useSaveGroup() {
  return useOrgMutation(saveGroup);
}

/** POST /api/admin/org/group/delete: its schools stay, ungrouped. */
export function deleteGroup(body: IdRequest): Promise<boolean> {
  return api.post<boolean>('/api/admin/org/group/delete', body);
}

export function useDeleteGroup() {
  return useOrgMutation(deleteGroup);
}

/** POST /api/admin/org/school/save (no id: a new school): the school's id. */
export function saveSchool(body: SchoolSave): Promise<number> {
  return api.post<number>('/api/admin/org/school/save', body);
}

export function useSaveSchool() {
  return useOrgMutation(saveSchool);
}

/** POST /api/admin/org/school/close: closes (closed) or reopens a school. */
export function closeSchool(body: SchoolClose): Promise<boolean> {
  return api.post<boolean>('/api/admin/org/school/close', body);
}

export function useCloseSchool() {
  return useOrgMutation(closeSchool);
}

/** POST /api/admin/org/area/save (no code: a new teaching site): the site's code. */
export function saveArea(body: AreaSave): Promise<string> {
  return api.post<string>('/api/admin/org/area/save', body);
}

export function useSaveArea() {
  return useOrgMutation(saveArea);
}

/** POST /api/admin/org/area/delete: refused (A0409) while a record names the site. */
export function deleteArea(body: AreaDelete): Promise<boolean> {
  return api.post<boolean>('/api/admin/org/area/delete', body);
}

export function useDeleteArea() {
  return useOrgMutation(deleteArea);
}

/** POST /api/admin/org/department/save (no id: a new department): the department's id. */
export function saveDepartment(body: DepartmentSave): Promise<number> {
  return api.post<number>('/api/admin/org/department/save', body);
}

export function useSaveDepartment() {
  return useOrgMutation(saveDepartment);
}

/** POST /api/admin/org/department/delete: refused while somebody is placed in it. */
export function deleteDepartment(body: IdRequest): Promise<boolean> {
  return api.post<boolean>('/api/admin/org/department/delete', body);
}

export function useDeleteDepartment() {
  return useOrgMutation(deleteDepartment);
}
