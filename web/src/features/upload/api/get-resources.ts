// POST /api/resource/list (spec 01 §7 "Uploads"): a page of the user's resources, newest first.
// Every save of the upload manager reads it again.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@/generated/Page';
import type { ResourceItem } from '@/generated/ResourceItem';
import { api } from '@/lib/api-client';

export interface ResourceList {
  records: ResourceItem[];
  total: number;
}

export const resourceKeys = {
  all: ['resources'] as const,
  list: (pageNo: number, pageSize: number) => [...resourceKeys.all, 'list', { pageNo, pageSize }] as const,
};

export async function getResources(pageNo: number, pageSize: number): Promise<ResourceList> {
  const data = await api.post<Page<ResourceItem> | null>(
    '/api/resource/list',
    { pageNo, pageSize },
    { quiet: true, noLoading: true },
  );
  if (data && Array.isArray(data.records)) return { records: data.records, total: data.total };
  return { records: [], total: 0 };
}

export function resourcesQueryOptions(pageNo: number, pageSize: number) {
  return queryOptions({ queryKey: resourceKeys.list(pageNo, pageSize), queryFn: () => getResources(pageNo, pageSize) });
}

/** A page of the resources; the page shown stays while the next one is read. */
export function useResources(pageNo: number, pageSize: number) {
  return useQuery({ ...resourcesQueryOptions(pageNo, pageSize), placeholderData: keepPreviousData });
}
