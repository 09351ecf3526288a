// Invitations (邀请): a one-time registration link for an e-mail with the roles, schools and
// subjects the account gets (shown once: only a digest of its token is kept), the invitations sent
// with their status, revoking an open one, and invitations made row by row from an .xlsx.

import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AccountImportRequest } from '@/generated/AccountImportRequest';
import type { AccountImportResult } from '@/generated/AccountImportResult';
import type { Invitation } from '@/generated/Invitation';
import type { InvitationRevoke } from '@/generated/InvitationRevoke';
import type { InviteRequest } from '@/generated/InviteRequest';
import type { OneTimeLink } from '@/generated/OneTimeLink';
import type { Page } from '@/generated/Page';
import type { PageRequest } from '@/generated/PageRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { adminKeys } from './admin-keys';
import { uploadFile } from './upload-file';

/** An invitation's status. */
export const InvitationStatus = {
  Open: 'open',
  Used: 'used',
  Expired: 'expired',
  Revoked: 'revoked',
} as const;

function invalidateInvitations(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.invitations() });
}

/** POST /api/admin/account/invite: the link (/register?invitation=…), shown once. */
export function invite(body: InviteRequest): Promise<OneTimeLink> {
  return api.post<OneTimeLink>('/api/admin/account/invite', body);
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: invite, onSuccess: () => invalidateInvitations(queryClient) });
}

/** POST /api/admin/account/invitations: newest first. */
export function getInvitations(page: PageRequest, options?: RequestOptions): Promise<Page<Invitation>> {
  return api.post<Page<Invitation>>('/api/admin/account/invitations', page, options);
}

export function invitationsQueryOptions(page: PageRequest) {
  return queryOptions({
    queryKey: adminKeys.invitationPage(page),
    queryFn: (context) => getInvitations(page, readOptions(context)),
  });
}

export function useInvitations(page: PageRequest) {
  return useQuery({ ...invitationsQueryOptions(page), placeholderData: keepPreviousData });
}

/** POST /api/admin/account/invitation/revoke */
export function revokeInvitation(id: string): Promise<boolean> {
  const body: InvitationRevoke = { id };
  return api.post<boolean>('/api/admin/account/invitation/revoke', body);
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeInvitation, onSuccess: () => invalidateInvitations(queryClient) });
}

/** POST /api/admin/account/import (quiet: the dialog says why a file is refused whole). */
export function importAccounts(body: AccountImportRequest): Promise<AccountImportResult> {
  return api.post<AccountImportResult>('/api/admin/account/import', body, { quiet: true });
}

/** Uploads the workbook, then imports it: an invitation per good row. */
export function useImportAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => importAccounts({ fileId: await uploadFile(file) }),
    onSuccess: () => invalidateInvitations(queryClient),
  });
}
