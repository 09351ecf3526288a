// A class's and a lesson's details of the online class statistics (spec 02 §3.4): POST
// /api/online/class/{classId}/{part} and /api/online/lesson/{lessonId}/{part} with an empty
// body, each answering every row at once (no paging).

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { dcKeys } from './dc-keys';

export async function getOnlineList<T>(path: string, options?: RequestOptions): Promise<T[]> {
  const rows = await api.post<T[] | null>(path, {}, options);
  return Array.isArray(rows) ? rows : [];
}

export function onlineListQueryOptions<T>(path: string) {
  return queryOptions({
    queryKey: dcKeys.list(path),
    queryFn: (context) => getOnlineList<T>(path, readOptions(context)),
  });
}

/** The rows of a detail; the tabs showing the same list read it once. */
export function useOnlineList<T>(path: string) {
  return useQuery(onlineListQueryOptions<T>(path));
}
