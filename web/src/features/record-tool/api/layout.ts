// The record sheet: the dimensions a new visit scores, in order (`GET recordTool/layout`), and
// an administrator's change of them (`recordTool/layout/save`, answering the sheet as stored;
// visits already started keep the sheet they started with).

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LayoutDimension } from '@/generated/LayoutDimension';
import type { LayoutSaveRequest } from '@/generated/LayoutSaveRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { recordToolKeys } from './record-tool-keys';

/** GET /api/recordTool/layout */
export async function getLayout(options?: RequestOptions): Promise<LayoutDimension[]> {
  const dimensions = await api.get<LayoutDimension[] | null>('/api/recordTool/layout', options);
  return Array.isArray(dimensions) ? dimensions : [];
}

export function layoutQueryOptions() {
  return queryOptions({
    queryKey: recordToolKeys.layout,
    queryFn: (context) => getLayout(readOptions(context)),
  });
}

export function useLayout() {
  return useQuery(layoutQueryOptions());
}

/** POST /api/recordTool/layout/save */
export function saveLayout(body: LayoutSaveRequest): Promise<LayoutDimension[]> {
  return api.post<LayoutDimension[]>('/api/recordTool/layout/save', body);
}

export function useSaveLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLayout,
    onSuccess: (dimensions) => queryClient.setQueryData(recordToolKeys.layout, dimensions),
  });
}
