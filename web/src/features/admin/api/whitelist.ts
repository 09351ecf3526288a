// The whitelist (菜单与白名单): functions under whitelist control and the e-mails granted each. A
// change reads it again here; the server tells every open shell (magic_shell_changed,
// `whitelist`), which reads what the whitelist gates again.

import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWhitelist } from '@/generated/AdminWhitelist';
import type { WhitelistFunctionChange } from '@/generated/WhitelistFunctionChange';
import type { WhitelistGrantChange } from '@/generated/WhitelistGrantChange';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { adminKeys } from './admin-keys';

/** GET /api/admin/whitelist */
export function getAdminWhitelist(options?: RequestOptions): Promise<AdminWhitelist> {
  return api.get<AdminWhitelist>('/api/admin/whitelist', options);
}

export function adminWhitelistQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.whitelist(),
    queryFn: (context) => getAdminWhitelist(readOptions(context)),
  });
}

export function useAdminWhitelist() {
  return useQuery(adminWhitelistQueryOptions());
}

function invalidateWhitelist(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.whitelist() });
}

/** POST /api/admin/whitelist/function: puts a function under control (listed) or frees it. */
export function changeWhitelistFunction(body: WhitelistFunctionChange): Promise<boolean> {
  return api.post<boolean>('/api/admin/whitelist/function', body);
}

export function useChangeWhitelistFunction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeWhitelistFunction, onSuccess: () => invalidateWhitelist(queryClient) });
}

/** POST /api/admin/whitelist/grant: grants a listed function to an e-mail, or takes it back. */
export function changeWhitelistGrant(body: WhitelistGrantChange): Promise<boolean> {
  return api.post<boolean>('/api/admin/whitelist/grant', body);
}

export function useChangeWhitelistGrant() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeWhitelistGrant, onSuccess: () => invalidateWhitelist(queryClient) });
}
