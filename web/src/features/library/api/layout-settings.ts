// The caller's layout of the lecture library (03 §7.1 "Library"): cards or a list, the page size
// and the order (layoutSettings/query, layoutSettings/update), kept by the server per user.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LayoutSettings } from '@/generated/LayoutSettings';
import { api } from '@/lib/api-client';
import { libraryKeys } from './library-keys';

/** The layout until the server's is read (the server's own default). */
export const DEFAULT_LAYOUT: LayoutSettings = { viewMode: 'card', pageSize: 20, sortBy: 'time' };

export const VIEW_MODES = [
  { value: 'card', label: '卡片' },
  { value: 'list', label: '列表' },
] as const;

export const SORT_ORDERS = [
  { value: 'time', label: '按时间' },
  { value: 'name', label: '按名称' },
] as const;

/** POST /api/layoutSettings/query */
export function getLayoutSettings(): Promise<LayoutSettings> {
  return api.post<LayoutSettings>('/api/layoutSettings/query', {}, { noLoading: true });
}

export function useLayoutSettings() {
  return useQuery({ queryKey: libraryKeys.layout(), queryFn: getLayoutSettings, staleTime: Infinity });
}

/** POST /api/layoutSettings/update */
export function updateLayoutSettings(body: LayoutSettings): Promise<LayoutSettings> {
  return api.post<LayoutSettings>('/api/layoutSettings/update', body, { noLoading: true });
}

/** Saves the layout: shown at once, the server's answer after it (the old one again when refused). */
export function useUpdateLayoutSettings() {
  const client = useQueryClient();
  const key = libraryKeys.layout();
  return useMutation({
    mutationFn: updateLayoutSettings,
    onMutate: async (next) => {
      await client.cancelQueries({ queryKey: key });
      const old = client.getQueryData<LayoutSettings>(key);
      client.setQueryData(key, next);
      return { old };
    },
    onSuccess: (saved) => client.setQueryData(key, saved),
    onError: (_e, _next, context) => client.setQueryData(key, context?.old),
  });
}
