// The caller's collections that group camps (GET /api/collection/list, POST /collection/create).

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampCollection } from '@/generated/CampCollection';
import type { CreateCollectionRequest } from '@/generated/CreateCollectionRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { campKeys } from './camp-keys';

/** GET /api/collection/list */
export async function getCollections(options?: RequestOptions): Promise<CampCollection[]> {
  return (await api.get<CampCollection[] | null>('/api/collection/list', options)) ?? [];
}

export function collectionsQueryOptions() {
  return queryOptions({
    queryKey: campKeys.collections(),
    queryFn: (context) => getCollections(readOptions(context)),
  });
}

export function useCollections() {
  return useQuery(collectionsQueryOptions());
}

/** POST /api/collection/create */
export function createCollection(body: CreateCollectionRequest): Promise<CampCollection> {
  return api.post<CampCollection>('/api/collection/create', body);
}

/** Creates a collection; the list shows it at once. */
export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    onSuccess: (created) => {
      queryClient.setQueryData<CampCollection[]>(campKeys.collections(), (old) => [...(old ?? []), created]);
      void queryClient.invalidateQueries({ queryKey: campKeys.collections() });
    },
  });
}
