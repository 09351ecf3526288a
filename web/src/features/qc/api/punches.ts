// Service punch records (spec 02 §7.6): a page of them (`qc/service/detail/list`), one with what
// was written and every check (`taskDetail/byPunchId`), its automatic pre-check (`qc/aiDetail`),
// and deleting one (`qc/service/punchRecord/delete`).

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiDetail } from '@/generated/AiDetail';
import type { IdRequest } from '@/generated/IdRequest';
import type { Page } from '@/generated/Page';
import type { PunchDetail } from '@/generated/PunchDetail';
import type { PunchIdQuery } from '@/generated/PunchIdQuery';
import type { QcSearch } from '@/generated/QcSearch';
import type { ServicePunchRow } from '@/generated/ServicePunchRow';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { invalidateChecked } from './checks';
import { postPage } from './qc-page';
import { qcKeys } from './qc-keys';

/** POST /api/qc/service/detail/list */
export function getPunches(search: QcSearch, options?: RequestOptions): Promise<Page<ServicePunchRow>> {
  return postPage<ServicePunchRow>('/api/qc/service/detail/list', search, options);
}

export function punchesQueryOptions(search: QcSearch) {
  return queryOptions({
    queryKey: qcKeys.punchPage(search),
    queryFn: (context) => getPunches(search, readOptions(context)),
  });
}

export function usePunches(search: QcSearch) {
  return useQuery({ ...punchesQueryOptions(search), placeholderData: keepPreviousData });
}

/** GET /api/taskDetail/byPunchId?punchId= */
export function getPunchDetail(punchId: number, options?: RequestOptions): Promise<PunchDetail> {
  const params: PunchIdQuery = { punchId };
  return api.get<PunchDetail>('/api/taskDetail/byPunchId', { ...options, params: { ...params } });
}

export function punchDetailQueryOptions(punchId: number) {
  return queryOptions({
    queryKey: qcKeys.punch(punchId),
    queryFn: (context) => getPunchDetail(punchId, readOptions(context)),
  });
}

export function usePunchDetail(punchId: number) {
  return useQuery(punchDetailQueryOptions(punchId));
}

/** GET /api/qc/aiDetail?punchId= (no loading: it shows beside the detail). */
export function getAiDetail(punchId: number): Promise<AiDetail> {
  const params: PunchIdQuery = { punchId };
  return api.get<AiDetail>('/api/qc/aiDetail', { params: { ...params }, noLoading: true });
}

export function aiDetailQueryOptions(punchId: number) {
  return queryOptions({ queryKey: qcKeys.aiDetail(punchId), queryFn: () => getAiDetail(punchId) });
}

export function useAiDetail(punchId: number) {
  return useQuery(aiDetailQueryOptions(punchId));
}

/** POST /api/qc/service/punchRecord/delete (answers true). */
export function deletePunch(id: number): Promise<boolean> {
  const body: IdRequest = { id };
  return api.post<boolean>('/api/qc/service/punchRecord/delete', body);
}

/** A deleted punch leaves the lists and the statistics. */
export function useDeletePunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePunch,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: qcKeys.punch(id) });
      queryClient.removeQueries({ queryKey: qcKeys.aiDetail(id) });
      return invalidateChecked(queryClient);
    },
  });
}
