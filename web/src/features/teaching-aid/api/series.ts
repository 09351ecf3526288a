// Series of teaching aids (03 §7.1 "Library"): those of a subject and stage in the library's order
// (teachingAuxiliary/querySeriesListByPage, read in one page so that the whole order can be set),
// and the editors' changes: create or rename (addOrUpdateSeries), the order (updateSeriesSort, all
// the series of the subject and stage), delete (deleteSeries, refused while it holds aids).

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inOrder } from '@/features/camp/reorder';
import type { AidIdQuery } from '@/generated/AidIdQuery';
import type { AidSeries } from '@/generated/AidSeries';
import type { AidSeriesListRequest } from '@/generated/AidSeriesListRequest';
import type { AidSeriesSaveRequest } from '@/generated/AidSeriesSaveRequest';
import type { AidSeriesSortRequest } from '@/generated/AidSeriesSortRequest';
import { Limits } from '@/generated/codes';
import type { Page } from '@/generated/Page';
import { api } from '@/lib/api-client';
import { aidKeys } from './aid-keys';

/** A subject and stage has a few series: one page holds them all. */
export const SERIES_PAGE_SIZE = Limits.MAX_PAGE_SIZE;

/** POST /api/teachingAuxiliary/querySeriesListByPage */
export function getSeriesList(body: AidSeriesListRequest): Promise<Page<AidSeries>> {
  return api.post<Page<AidSeries>>('/api/teachingAuxiliary/querySeriesListByPage', body, { noLoading: true });
}

/** The series of a subject and stage, in order (null: none chosen). */
export function useSeriesList(subject: number | null, stage: number | null) {
  return useQuery({
    queryKey: aidKeys.seriesList(subject ?? 0, stage ?? 0),
    queryFn: async () =>
      (await getSeriesList({ subject: subject ?? 0, stage: stage ?? 0, pageNo: 1, pageSize: SERIES_PAGE_SIZE }))
        .records,
    enabled: subject !== null && stage !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/teachingAuxiliary/addOrUpdateSeries (quiet: the form shows what went wrong). */
export function saveSeries(body: AidSeriesSaveRequest): Promise<AidSeries> {
  return api.post<AidSeries>('/api/teachingAuxiliary/addOrUpdateSeries', body, { noLoading: true, quiet: true });
}

/** POST /api/teachingAuxiliary/updateSeriesSort: the series of the subject and stage in the new order. */
export function sortSeries(ids: number[]): Promise<AidSeries[]> {
  const body: AidSeriesSortRequest = { ids };
  return api.post<AidSeries[]>('/api/teachingAuxiliary/updateSeriesSort', body, { noLoading: true });
}

/**
 * POST /api/teachingAuxiliary/deleteSeries. The id goes both in the query string (the server's
 * AidIdQuery) and in the body, so that either reading finds it.
 */
export function deleteSeries(id: number): Promise<unknown> {
  const body: AidIdQuery = { id };
  return api.post('/api/teachingAuxiliary/deleteSeries', body, { params: { id } });
}

/**
 * The series changes of one subject and stage. A new order is shown at once and the server's
 * answer after it (read again when refused); a deletion reads the aids' lists again too.
 */
export function useSeriesChanges(subject: number, stage: number) {
  const client = useQueryClient();
  const key = aidKeys.seriesList(subject, stage);
  const settled = () => void client.invalidateQueries({ queryKey: key });
  return {
    save: useMutation({ mutationFn: saveSeries, onSuccess: settled }),
    sort: useMutation({
      mutationFn: sortSeries,
      onMutate: async (ids) => {
        await client.cancelQueries({ queryKey: key });
        const old = client.getQueryData<AidSeries[]>(key);
        if (old)
          client.setQueryData(
            key,
            inOrder(old, ids, (s) => s.id),
          );
      },
      onSuccess: (series) => client.setQueryData(key, series),
      onError: settled,
    }),
    remove: useMutation({
      mutationFn: deleteSeries,
      onSuccess: (_done, id) => {
        client.setQueryData<AidSeries[]>(key, (old) => old?.filter((s) => s.id !== id));
        settled();
        void client.invalidateQueries({ queryKey: aidKeys.lists() });
      },
    }),
  };
}
