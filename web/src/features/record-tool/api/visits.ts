// Lesson visits: one as its pages show it (`recordTool/visit/detail`: its visitor, managers in
// scope, the lesson's teacher once finished; `canEdit` says whether the caller may change it),
// the visitor's saves while recording (`visit/save`, the whole record each time, by hand or
// quietly a few seconds after the last change) and the end of the record (`visit/finish`: every
// dimension scored and a summary, else the server says what is missing), a page of visits
// (`recordTool/visits`) and a deletion (`visit/delete`, `canDelete`).

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@/generated/Page';
import type { VisitDetail } from '@/generated/VisitDetail';
import type { VisitIdRequest } from '@/generated/VisitIdRequest';
import type { VisitListRequest } from '@/generated/VisitListRequest';
import type { VisitRow } from '@/generated/VisitRow';
import type { VisitSaveRequest } from '@/generated/VisitSaveRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { invalidateVisitLists, recordToolKeys } from './record-tool-keys';

/** POST /api/recordTool/visit/detail: quiet, the page says why it could not be read. */
export function getVisit(id: number, options?: RequestOptions): Promise<VisitDetail> {
  const body: VisitIdRequest = { id };
  return api.post<VisitDetail>('/api/recordTool/visit/detail', body, { ...options, quiet: true });
}

export function visitQueryOptions(id: number) {
  return queryOptions({
    queryKey: recordToolKeys.visit(id),
    queryFn: (context) => getVisit(id, readOptions(context)),
  });
}

export function useVisit(id: number) {
  return useQuery(visitQueryOptions(id));
}

/** POST /api/recordTool/visit/save */
export function saveVisit(body: VisitSaveRequest, options?: RequestOptions): Promise<VisitDetail> {
  return api.post<VisitDetail>('/api/recordTool/visit/save', body, options);
}

/**
 * Saves the record; the visit answered replaces the cached one, the lists read their totals again.
 * `options`: how the call is made (the sheet's autosave is quiet, without the loading overlay).
 */
export function useSaveVisit(options?: RequestOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitSaveRequest) => saveVisit(body, options),
    onSuccess: (detail) => {
      queryClient.setQueryData(recordToolKeys.visit(detail.id), detail);
      return queryClient.invalidateQueries({ queryKey: recordToolKeys.visitsAll });
    },
  });
}

/** POST /api/recordTool/visit/finish */
export function finishVisit(id: number): Promise<VisitDetail> {
  const body: VisitIdRequest = { id };
  return api.post<VisitDetail>('/api/recordTool/visit/finish', body);
}

export function useFinishVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishVisit,
    onSuccess: (detail) => {
      queryClient.setQueryData(recordToolKeys.visit(detail.id), detail);
      return invalidateVisitLists(queryClient);
    },
  });
}

/** POST /api/recordTool/visits (an empty page when the server answers nothing). */
export async function getVisits(request: VisitListRequest, options?: RequestOptions): Promise<Page<VisitRow>> {
  const page = await api.post<Page<VisitRow> | null>('/api/recordTool/visits', request, options);
  return page && Array.isArray(page.records)
    ? page
    : { records: [], total: 0, pageNo: request.pageNo ?? 1, pageSize: request.pageSize ?? 0 };
}

export function visitsQueryOptions(request: VisitListRequest) {
  return queryOptions({
    queryKey: recordToolKeys.visits(request),
    queryFn: (context) => getVisits(request, readOptions(context)),
  });
}

/** The page shown stays while the next one is read. */
export function useVisits(request: VisitListRequest) {
  return useQuery({ ...visitsQueryOptions(request), placeholderData: keepPreviousData });
}

/**
 * A lesson's visits, read in the background for the lesson's page: quietly, since a caller who
 * may read none (a teacher before any visit is finished) is simply shown none.
 */
export function useLessonVisits(request: VisitListRequest) {
  return useQuery({
    queryKey: recordToolKeys.visits(request),
    queryFn: () => getVisits(request, { quiet: true, noLoading: true }),
  });
}

/** POST /api/recordTool/visit/delete */
export async function deleteVisit(id: number): Promise<void> {
  const body: VisitIdRequest = { id };
  await api.post<null>('/api/recordTool/visit/delete', body);
}

export function useDeleteVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVisit,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: recordToolKeys.visit(id) });
      return invalidateVisitLists(queryClient);
    },
  });
}
