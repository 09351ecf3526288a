// Who may open a co-edited document besides its owner (the `collab` area: GET /api/collab/members,
// POST /api/collab/member/save and /member/remove), and the colleagues to share it with
// (POST /api/teaching/colleagues: staff of the caller's schools).
//
// Only the owner manages members: for anyone else the member list answers A0300, which is how a
// page without an owner flag (the feedback report) learns whether the caller owns the document.
// The calls are quiet: the share dialog shows their errors itself. A member whose right changes
// is reconnected by the server (an editor turned reader continues read-only; a removed member's
// connections close with 4403).

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Colleague } from '@/generated/Colleague';
import type { ColleagueRequest } from '@/generated/ColleagueRequest';
import type { DocMember } from '@/generated/DocMember';
import type { DocMemberRequest } from '@/generated/DocMemberRequest';
import type { DocQuery } from '@/generated/DocQuery';
import { api } from '@/lib/api-client';
import type { DocType } from '@/lib/collab';

export const collabKeys = {
  all: ['collab'] as const,
  members: (docType: DocType, id: number) => [...collabKeys.all, 'members', docType, id] as const,
  colleagues: (keyword: string) => [...collabKeys.all, 'colleagues', keyword] as const,
};

/** GET /api/collab/members?docType=&id= (owner only: A0300 for anyone else). */
export function getDocMembers(docType: DocType, id: number): Promise<DocMember[]> {
  const params: DocQuery = { docType, id };
  return api.get<DocMember[]>('/api/collab/members', { params: { ...params }, noLoading: true, quiet: true });
}

export function docMembersQueryOptions(docType: DocType, id: number) {
  return queryOptions({ queryKey: collabKeys.members(docType, id), queryFn: () => getDocMembers(docType, id) });
}

/** The document's members; null id: nothing to read. Succeeds only for the owner. */
export function useDocMembers(docType: DocType, id: number | null) {
  return useQuery({ ...docMembersQueryOptions(docType, id ?? 0), enabled: id !== null });
}

/** POST /api/collab/member/save: adds a member or changes their right. */
export function saveDocMember(docType: DocType, id: number, email: string, canEdit: boolean): Promise<boolean> {
  const body: DocMemberRequest = { docType, id, email, canEdit };
  return api.post<boolean>('/api/collab/member/save', body, { noLoading: true, quiet: true });
}

/** POST /api/collab/member/remove: their open connections close. */
export function removeDocMember(docType: DocType, id: number, email: string): Promise<boolean> {
  const body: DocMemberRequest = { docType, id, email };
  return api.post<boolean>('/api/collab/member/remove', body, { noLoading: true, quiet: true });
}

export interface MemberChange {
  email: string;
  canEdit: boolean;
}

/** Adds a member or changes a right; the member list is read again. */
export function useSaveDocMember(docType: DocType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ email, canEdit }: MemberChange) => saveDocMember(docType, id, email, canEdit),
    onSettled: () => client.invalidateQueries({ queryKey: collabKeys.members(docType, id) }),
  });
}

/** Removes a member; the member list is read again. */
export function useRemoveDocMember(docType: DocType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => removeDocMember(docType, id, email),
    onSettled: () => client.invalidateQueries({ queryKey: collabKeys.members(docType, id) }),
  });
}

/** POST /api/teaching/colleagues: at most 20 staff of my schools whose name or e-mail holds it. */
export function searchColleagues(keyword: string): Promise<Colleague[]> {
  const body: ColleagueRequest = keyword ? { keyword } : {};
  return api.post<Colleague[]>('/api/teaching/colleagues', body, { noLoading: true, quiet: true });
}

/** Colleagues as the user types (an empty keyword: the first 20), read while `enabled`. */
export function useColleagues(keyword: string, enabled: boolean) {
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: collabKeys.colleagues(trimmed),
    queryFn: () => searchColleagues(trimmed),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
