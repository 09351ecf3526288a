// The service statistics (spec 02 §3.2 "QC statistics", §7.6 `serviceStatistics`): a view's
// dynamic columns, totals and a page of rows.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QcSearch } from '@/generated/QcSearch';
import type { QcStatPage } from '@/generated/QcStatPage';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { qcKeys } from './qc-keys';

/** POST {path} (/api/serviceStatistics/class, vip, service or student) with the view in the search. */
export function getStatPage(path: string, search: QcSearch, options?: RequestOptions): Promise<QcStatPage> {
  return api.post<QcStatPage>(path, search, options);
}

export function statPageQueryOptions(path: string, search: QcSearch) {
  return queryOptions({
    queryKey: qcKeys.statPage(path, search),
    queryFn: (context) => getStatPage(path, search, readOptions(context)),
  });
}

export function useStatPage(path: string, search: QcSearch) {
  return useQuery({ ...statPageQueryOptions(path, search), placeholderData: keepPreviousData });
}
