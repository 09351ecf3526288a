// A page of a data-centre report (spec 02 §7.3, §7.4, §7.6): POST {path} with the search,
// answering Page<row>. The attendance, refund and service details and the data board's students
// are such reports; the service details take the QC search's shape.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DcSearch } from '@/generated/DcSearch';
import type { Page } from '@/generated/Page';
import type { QcSearch } from '@/generated/QcSearch';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { dcKeys } from './dc-keys';

/** The body of a report's call. */
export type ReportRequest = DcSearch | QcSearch;

export async function getReportPage<T>(
  path: string,
  search: ReportRequest,
  options?: RequestOptions,
): Promise<Page<T>> {
  const page = await api.post<Page<T> | null>(path, search, options);
  return page && Array.isArray(page.records)
    ? page
    : { records: [], total: 0, pageNo: search.pageNo ?? 1, pageSize: search.pageSize ?? 0 };
}

export function reportPageQueryOptions<T>(path: string, search: ReportRequest) {
  return queryOptions({
    queryKey: dcKeys.report(path, search),
    queryFn: (context) => getReportPage<T>(path, search, readOptions(context)),
  });
}

/** The page shown stays while the next one (another page, sort or filter) is read. */
export function useReportPage<T>(path: string, search: ReportRequest) {
  return useQuery({ ...reportPageQueryOptions<T>(path, search), placeholderData: keepPreviousData });
}
