// The caller's camps (POST /api/camp/statistics/campListByCollectionId), creating one
// (/camp/create), a camp's info (/camp/info) and renaming it (/camp/rename).

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampIdRequest } from '@/generated/CampIdRequest';
import type { CampInfo } from '@/generated/CampInfo';
import type { CampListRequest } from '@/generated/CampListRequest';
import type { CampListRow } from '@/generated/CampListRow';
import type { CreateCampRequest } from '@/generated/CreateCampRequest';
import type { RenameCampRequest } from '@/generated/RenameCampRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { campKeys } from './camp-keys';

/** POST /api/camp/statistics/campListByCollectionId */
export async function getCampList(request: CampListRequest, options?: RequestOptions): Promise<CampListRow[]> {
  return (await api.post<CampListRow[] | null>('/api/camp/statistics/campListByCollectionId', request, options)) ?? [];
}

export function campListQueryOptions(request: CampListRequest) {
  return queryOptions({
    queryKey: campKeys.list(request),
    queryFn: (context) => getCampList(request, readOptions(context)),
  });
}

/** The list shown stays while another search is read. */
export function useCampList(request: CampListRequest) {
  return useQuery({ ...campListQueryOptions(request), placeholderData: keepPreviousData });
}

/** POST /api/camp/create */
export function createCamp(body: CreateCampRequest): Promise<CampInfo> {
  return api.post<CampInfo>('/api/camp/create', body);
}

/** Creates a draft camp; the lists and collections' counts read again. */
export function useCreateCamp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCamp,
    onSuccess: (info) => {
      queryClient.setQueryData(campKeys.info(info.campId), info);
      void queryClient.invalidateQueries({ queryKey: campKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: campKeys.collections() });
    },
  });
}

/** POST /api/camp/info */
export function getCampInfo(campId: number, options?: RequestOptions): Promise<CampInfo> {
  const body: CampIdRequest = { campId };
  return api.post<CampInfo>('/api/camp/info', body, options);
}

export function campInfoQueryOptions(campId: number) {
  return queryOptions({
    queryKey: campKeys.info(campId),
    queryFn: (context) => getCampInfo(campId, readOptions(context)),
  });
}

export function useCampInfo(campId: number) {
  return useQuery(campInfoQueryOptions(campId));
}

/** POST /api/camp/rename */
export function renameCamp(body: RenameCampRequest): Promise<CampInfo> {
  return api.post<CampInfo>('/api/camp/rename', body);
}

/** A call answering the camp's new info: shown at once; the lists read again. */
export function useCampInfoMutation<Body>(fn: (body: Body) => Promise<CampInfo>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (info) => {
      queryClient.setQueryData(campKeys.info(info.campId), info);
      void queryClient.invalidateQueries({ queryKey: campKeys.lists() });
    },
  });
}

export function useRenameCamp() {
  return useCampInfoMutation(renameCamp);
}
