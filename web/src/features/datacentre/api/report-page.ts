// A page of a data-centre report (spec 02 §7.3, §7.4, §7.6): POST {path} with the search,
// answering Page<row>. The attendance, refund and service details, the data board's students and
// the lesson-preparation, platform-usage and feedback tables are such reports; the service details
// take the QC search's shape, the work-task statistics the work tasks' search; the feedback and
// work-task statistics' pages carry their totals (`summary`).

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DcSearch } from '@/generated/DcSearch';
import type { Page } from '@/generated/Page';
import type { QcSearch } from '@/generated/QcSearch';
import type { WorkTaskSearch } from '@/generated/WorkTaskSearch';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { dcKeys } from './dc-keys';

/** The body of a report's call. */
export type ReportRequest = DcSearch | QcSearch | WorkTaskSearch;

/** A page of a report; a statistics page also carries the totals over every row (合计). */
export type ReportPage<T> = Page<T> & { summary?: T };

export async function getReportPage<T>(
  path: string,
  search: ReportRequest,
  options?: RequestOptions,
): Promise<ReportPage<T>> {
  const page = await api.post<ReportPage<T> | null>(path, search, options);
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
