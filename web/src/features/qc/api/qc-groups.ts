// QC teams (spec 02 §7.6 `qcGroupConfig`): the staff each team checks and its responsible
// inspectors. A member moves out of any other team, so a save changes the staff records and the
// QC list's team names too.

import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Changed } from '@/generated/Changed';
import type { CodeName } from '@/generated/CodeName';
import type { IdsRequest } from '@/generated/IdsRequest';
import type { Page } from '@/generated/Page';
import type { QcGroupRow } from '@/generated/QcGroupRow';
import type { QcGroupSave } from '@/generated/QcGroupSave';
import type { TeamSearch } from '@/generated/TeamSearch';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { postPage } from './qc-page';
import { qcKeys } from './qc-keys';

/** POST /api/qcGroupConfig/list */
export function getQcGroups(search: TeamSearch, options?: RequestOptions): Promise<Page<QcGroupRow>> {
  return postPage<QcGroupRow>('/api/qcGroupConfig/list', search, options);
}

export function qcGroupsQueryOptions(search: TeamSearch) {
  return queryOptions({
    queryKey: qcKeys.qcGroupPage(search),
    queryFn: (context) => getQcGroups(search, readOptions(context)),
  });
}

export function useQcGroups(search: TeamSearch) {
  return useQuery({ ...qcGroupsQueryOptions(search), placeholderData: keepPreviousData });
}

/** GET /api/qcGroupConfig/groupSimpleList: every team as {code: id, name} (no loading: a filter). */
export function getQcGroupOptions(): Promise<CodeName[]> {
  return api.get<CodeName[]>('/api/qcGroupConfig/groupSimpleList', { noLoading: true });
}

export function qcGroupOptionsQueryOptions() {
  return queryOptions({ queryKey: qcKeys.qcGroupOptions(), queryFn: getQcGroupOptions });
}

export function useQcGroupOptions() {
  return useQuery(qcGroupOptionsQueryOptions());
}

function invalidateGroups(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [qcKeys.qcGroups(), qcKeys.staff(), qcKeys.employees()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}

/** POST /api/qcGroupConfig/addOrUpdate (no id: a new team). */
export function saveQcGroup(body: QcGroupSave): Promise<QcGroupRow> {
  return api.post<QcGroupRow>('/api/qcGroupConfig/addOrUpdate', body);
}

export function useSaveQcGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveQcGroup, onSuccess: () => invalidateGroups(queryClient) });
}

/** POST /api/qcGroupConfig/batchDel */
export function deleteQcGroups(ids: number[]): Promise<Changed> {
  const body: IdsRequest = { ids };
  return api.post<Changed>('/api/qcGroupConfig/batchDel', body);
}

export function useDeleteQcGroups() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteQcGroups, onSuccess: () => invalidateGroups(queryClient) });
}
