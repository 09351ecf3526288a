// A reminder kind's whitelist (白名单配置): the staff it does not remind (`whitelist/list`), staff
// added by e-mail (`whitelist/add`, answering who was added, who was listed already and which
// e-mails are no account's) and removed (`whitelist/remove`, answering how many were listed).

import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OnlineWhitelistAdd } from '@/generated/OnlineWhitelistAdd';
import type { OnlineWhitelistAdded } from '@/generated/OnlineWhitelistAdded';
import type { OnlineWhitelistRemove } from '@/generated/OnlineWhitelistRemove';
import type { OnlineWhitelistRow } from '@/generated/OnlineWhitelistRow';
import type { OnlineReminderType } from '@/generated/OnlineReminderType';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { reminderKeys } from './reminder-keys';

/** POST /api/onlineReminder/whitelist/list */
export async function getWhitelist(reminderType: number, options?: RequestOptions): Promise<OnlineWhitelistRow[]> {
  const body: OnlineReminderType = { reminderType };
  const rows = await api.post<OnlineWhitelistRow[] | null>('/api/onlineReminder/whitelist/list', body, options);
  return rows ?? [];
}

export function whitelistQueryOptions(reminderType: number) {
  return queryOptions({
    queryKey: reminderKeys.whitelist(reminderType),
    queryFn: (context) => getWhitelist(reminderType, readOptions(context)),
  });
}

export function useWhitelist(reminderType: number) {
  return useQuery(whitelistQueryOptions(reminderType));
}

/** A change alters the kind's list and the whitelist size its setting shows. */
function invalidateWhitelist(queryClient: QueryClient, reminderType: number): Promise<void> {
  return Promise.all(
    [reminderKeys.whitelist(reminderType), reminderKeys.settings()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}

/** POST /api/onlineReminder/whitelist/add */
export function addToWhitelist(body: OnlineWhitelistAdd): Promise<OnlineWhitelistAdded> {
  return api.post<OnlineWhitelistAdded>('/api/onlineReminder/whitelist/add', body);
}

export function useAddToWhitelist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWhitelist,
    onSuccess: (_added, body) => invalidateWhitelist(queryClient, body.reminderType),
  });
}

/** POST /api/onlineReminder/whitelist/remove: how many were on the list. */
export function removeFromWhitelist(body: OnlineWhitelistRemove): Promise<number> {
  return api.post<number>('/api/onlineReminder/whitelist/remove', body);
}

export function useRemoveFromWhitelist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWhitelist,
    onSuccess: (_removed, body) => invalidateWhitelist(queryClient, body.reminderType),
  });
}
