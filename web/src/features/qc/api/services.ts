// Service types (spec 02 §7.6 `service`): the page of them 服务配置 lists, the icons, saving and
// deleting one, the enabled ones for pickers, and the follow-up form staff fill.

import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CodeName } from '@/generated/CodeName';
import type { FollowForm } from '@/generated/FollowForm';
import type { IdRequest } from '@/generated/IdRequest';
import type { Page } from '@/generated/Page';
import type { ServiceCondition } from '@/generated/ServiceCondition';
import type { ServiceIdQuery } from '@/generated/ServiceIdQuery';
import type { ServiceSave } from '@/generated/ServiceSave';
import type { ServiceSearch } from '@/generated/ServiceSearch';
import type { ServiceType } from '@/generated/ServiceType';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { postPage } from './qc-page';
import { qcKeys } from './qc-keys';

/** POST /api/service/list */
export function getServices(search: ServiceSearch, options?: RequestOptions): Promise<Page<ServiceType>> {
  return postPage<ServiceType>('/api/service/list', search, options);
}

export function servicesQueryOptions(search: ServiceSearch) {
  return queryOptions({
    queryKey: qcKeys.servicePage(search),
    queryFn: (context) => getServices(search, readOptions(context)),
  });
}

export function useServices(search: ServiceSearch) {
  return useQuery({ ...servicesQueryOptions(search), placeholderData: keepPreviousData });
}

/** GET /api/service/iconList: {code: the icon's key, name}. */
export function getServiceIcons(): Promise<CodeName[]> {
  return api.get<CodeName[]>('/api/service/iconList', { noLoading: true });
}

export function useServiceIcons() {
  return useQuery({ queryKey: qcKeys.serviceIcons(), queryFn: getServiceIcons, staleTime: Infinity });
}

/** POST /api/service/listByCondition: the enabled services of a side and role (no loading: a filter). */
export function getServiceOptions(condition: ServiceCondition): Promise<ServiceType[]> {
  return api.post<ServiceType[]>('/api/service/listByCondition', condition, { noLoading: true });
}

export function useServiceOptions(condition: ServiceCondition = {}) {
  return useQuery({ queryKey: qcKeys.serviceOptions(condition), queryFn: () => getServiceOptions(condition) });
}

/** GET /api/service/detailById?id= */
export function getService(id: number): Promise<ServiceType> {
  return api.get<ServiceType>('/api/service/detailById', { params: { id } });
}

export function useService(id: number | null) {
  return useQuery({
    queryKey: qcKeys.service(id ?? 0),
    queryFn: () => getService(id ?? 0),
    enabled: id !== null,
  });
}

/** GET /api/service/studentFollowForm?serviceId= */
export function getFollowForm(serviceId: number): Promise<FollowForm> {
  const params: ServiceIdQuery = { serviceId };
  return api.get<FollowForm>('/api/service/studentFollowForm', { params: { ...params } });
}

export function useFollowForm(serviceId: number | null) {
  return useQuery({
    queryKey: qcKeys.followForm(serviceId ?? 0),
    queryFn: () => getFollowForm(serviceId ?? 0),
    enabled: serviceId !== null,
  });
}

/** A service's change reaches the pages, the pickers and the statistics' columns. */
function invalidateServices(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [qcKeys.services(), qcKeys.stats()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

/** POST /api/service/addOrUpdate (no id: a new service). */
export function saveService(body: ServiceSave): Promise<ServiceType> {
  return api.post<ServiceType>('/api/service/addOrUpdate', body);
}

export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveService, onSuccess: () => invalidateServices(queryClient) });
}

/** POST /api/service/del (answers true; a service with punch records is hidden, not removed). */
export function deleteService(id: number): Promise<boolean> {
  const body: IdRequest = { id };
  return api.post<boolean>('/api/service/del', body);
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteService, onSuccess: () => invalidateServices(queryClient) });
}
