// The QC list (spec 02 §3.2 "QC list", §7.6 `qcCheck/list`): the staff whose punches fall in the
// searched period, with where their checks stand.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@/generated/Page';
import type { QcEmployeeRow } from '@/generated/QcEmployeeRow';
import type { QcSearch } from '@/generated/QcSearch';
import type { RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { postPage } from './qc-page';
import { qcKeys } from './qc-keys';

/** POST /api/qcCheck/list */
export function getQcEmployees(search: QcSearch, options?: RequestOptions): Promise<Page<QcEmployeeRow>> {
  return postPage<QcEmployeeRow>('/api/qcCheck/list', search, options);
}

export function qcEmployeesQueryOptions(search: QcSearch) {
  return queryOptions({
    queryKey: qcKeys.employeePage(search),
    queryFn: (context) => getQcEmployees(search, readOptions(context)),
  });
}

/** The page shown stays while the next one is read. */
export function useQcEmployees(search: QcSearch) {
  return useQuery({ ...qcEmployeesQueryOptions(search), placeholderData: keepPreviousData });
}
