// The reminder kinds' settings (线上课设置): every kind with its switch, minutes and whitelist size
// (`onlineReminder/settings`, managers read), and a kind's change (`onlineReminder/settings/save`,
// administrators and operators), which answers every kind as it now is.

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OnlineReminderSetting } from '@/generated/OnlineReminderSetting';
import type { OnlineReminderSettingSave } from '@/generated/OnlineReminderSettingSave';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { reminderKeys } from './reminder-keys';

/** GET /api/onlineReminder/settings */
export async function getReminderSettings(options?: RequestOptions): Promise<OnlineReminderSetting[]> {
  const settings = await api.get<OnlineReminderSetting[] | null>('/api/onlineReminder/settings', options);
  return settings ?? [];
}

export function reminderSettingsQueryOptions() {
  return queryOptions({
    queryKey: reminderKeys.settings(),
    queryFn: (context) => getReminderSettings(readOptions(context)),
  });
}

export function useReminderSettings() {
  return useQuery(reminderSettingsQueryOptions());
}

/** POST /api/onlineReminder/settings/save */
export function saveReminderSetting(body: OnlineReminderSettingSave): Promise<OnlineReminderSetting[]> {
  return api.post<OnlineReminderSetting[]>('/api/onlineReminder/settings/save', body);
}

/** The answer is every kind as saved: it replaces the settings read, with no second call. */
export function useSaveReminderSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReminderSetting,
    onSuccess: (settings) => queryClient.setQueryData(reminderKeys.settings(), settings),
  });
}
