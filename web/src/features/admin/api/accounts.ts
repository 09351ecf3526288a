// Accounts (账号管理): the search (waiting approvals first), an account's roles, schools and
// subjects, approving, refusing, enabling and disabling, and a password-reset link for its owner.
// A change reads the accounts again, and the organisation (its schools count active accounts).

import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AccountSearch } from '@/generated/AccountSearch';
import type { AccountStateChange } from '@/generated/AccountStateChange';
import type { AccountUpdate } from '@/generated/AccountUpdate';
import type { AdminAccount } from '@/generated/AdminAccount';
import type { IdRequest } from '@/generated/IdRequest';
import type { OneTimeLink } from '@/generated/OneTimeLink';
import type { Page } from '@/generated/Page';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { adminKeys } from './admin-keys';

/** POST /api/admin/account/search */
export function searchAccounts(search: AccountSearch, options?: RequestOptions): Promise<Page<AdminAccount>> {
  return api.post<Page<AdminAccount>>('/api/admin/account/search', search, options);
}

export function accountsQueryOptions(search: AccountSearch) {
  return queryOptions({
    queryKey: adminKeys.accountPage(search),
    queryFn: (context) => searchAccounts(search, readOptions(context)),
  });
}

export function useAccounts(search: AccountSearch) {
  return useQuery({ ...accountsQueryOptions(search), placeholderData: keepPreviousData });
}

function invalidateAccounts(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [adminKeys.accounts(), adminKeys.org()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

/** POST /api/admin/account/update: the account as it now is. */
export function updateAccount(body: AccountUpdate): Promise<AdminAccount> {
  return api.post<AdminAccount>('/api/admin/account/update', body);
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAccount, onSuccess: () => invalidateAccounts(queryClient) });
}

/**
 * POST /api/admin/account/state: 1 approves a waiting account or enables a disabled one, 2
 * disables (its sessions end at once).
 */
export function setAccountState(body: AccountStateChange): Promise<AdminAccount> {
  return api.post<AdminAccount>('/api/admin/account/state', body);
}

export function useSetAccountState() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAccountState, onSuccess: () => invalidateAccounts(queryClient) });
}

/** POST /api/admin/account/refuse: a registration waiting for approval is removed. */
export function refuseAccount(id: number): Promise<boolean> {
  const body: IdRequest = { id };
  return api.post<boolean>('/api/admin/account/refuse', body);
}

export function useRefuseAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refuseAccount, onSuccess: () => invalidateAccounts(queryClient) });
}

/** POST /api/admin/account/resetLink: a one-time link (/resetPassword?token=…) for the owner. */
export function createResetLink(userId: number): Promise<OneTimeLink> {
  const body: IdRequest = { id: userId };
  return api.post<OneTimeLink>('/api/admin/account/resetLink', body);
}

export function useCreateResetLink() {
  return useMutation({ mutationFn: createResetLink });
}
