// Teaching aids (03 §7.1 "Library"): the aids of a series page by page (teachingAuxiliary/queryList:
// the library's editors see every aid, others the published ones), the published aids of lesson
// preparation (queryListForPrepareLesson), one aid (queryInfoById), and an aid created or changed
// by an editor (addOrUpdate; a new aid comes with its teaching-aid paper, edited in the paper
// editor).

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AidIdQuery } from '@/generated/AidIdQuery';
import type { Page } from '@/generated/Page';
import type { TeachingAid } from '@/generated/TeachingAid';
import type { TeachingAidListRequest } from '@/generated/TeachingAidListRequest';
import type { TeachingAidSaveRequest } from '@/generated/TeachingAidSaveRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { aidKeys } from './aid-keys';

/** POST /api/teachingAuxiliary/queryList */
export function getAids(body: TeachingAidListRequest, options?: RequestOptions): Promise<Page<TeachingAid>> {
  return api.post<Page<TeachingAid>>('/api/teachingAuxiliary/queryList', body, options);
}

/** A page of aids (null: no series chosen); the page shown stays while the next is read. */
export function useAids(body: TeachingAidListRequest | null) {
  return useQuery({
    queryKey: aidKeys.list(body ?? {}),
    queryFn: (context) => getAids(body ?? {}, readOptions(context)),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/teachingAuxiliary/queryListForPrepareLesson */
export function getPreparedAids(body: TeachingAidListRequest, options?: RequestOptions): Promise<Page<TeachingAid>> {
  return api.post<Page<TeachingAid>>('/api/teachingAuxiliary/queryListForPrepareLesson', body, options);
}

/** A page of the published aids (null: no stage and subject yet). */
export function usePreparedAids(body: TeachingAidListRequest | null) {
  return useQuery({
    queryKey: aidKeys.prepared(body ?? {}),
    queryFn: (context) => getPreparedAids(body ?? {}, readOptions(context)),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/teachingAuxiliary/queryInfoById?id= (quiet: the page says the aid could not be read). */
export function getAid(id: number): Promise<TeachingAid> {
  const params: AidIdQuery = { id };
  return api.get<TeachingAid>('/api/teachingAuxiliary/queryInfoById', { params, noLoading: true, quiet: true });
}

export function useAid(aidId: number) {
  return useQuery({ queryKey: aidKeys.detail(aidId), queryFn: () => getAid(aidId) });
}

/** POST /api/teachingAuxiliary/addOrUpdate (quiet: the form shows what went wrong). */
export function saveAid(body: TeachingAidSaveRequest): Promise<TeachingAid> {
  return api.post<TeachingAid>('/api/teachingAuxiliary/addOrUpdate', body, { quiet: true });
}

/** Creates or changes an aid; it takes the answer, the lists and the series' counts read again. */
export function useSaveAid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAid,
    onSuccess: (aid) => {
      client.setQueryData(aidKeys.detail(aid.id), aid);
      void client.invalidateQueries({ queryKey: aidKeys.lists() });
      void client.invalidateQueries({ queryKey: aidKeys.seriesLists() });
    },
  });
}
