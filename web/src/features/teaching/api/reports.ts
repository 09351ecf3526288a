// The feedback reports I write or co-write (POST /api/teaching/reports), those I still owe
// (POST /api/teaching/reports/due, paged by query parameters), and writing one: POST
// /api/report/feedback/v2/init creates the lesson's report of a student, or finds it.

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DueReportRow } from '@/generated/DueReportRow';
import type { FeedbackInitRequest } from '@/generated/FeedbackInitRequest';
import type { FeedbackReportSummary } from '@/generated/FeedbackReportSummary';
import type { MyReportRow } from '@/generated/MyReportRow';
import type { MyReportsRequest } from '@/generated/MyReportsRequest';
import type { Page } from '@/generated/Page';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { asPage, postPage } from './post-page';
import { teachingKeys } from './teaching-keys';

/** POST /api/teaching/reports */
export function getMyReports(request: MyReportsRequest, options?: RequestOptions): Promise<Page<MyReportRow>> {
  return postPage<MyReportRow>('/api/teaching/reports', request, options);
}

export function myReportsQueryOptions(request: MyReportsRequest) {
  return queryOptions({
    queryKey: teachingKeys.reports(request),
    queryFn: (context) => getMyReports(request, readOptions(context)),
  });
}

/** The page shown stays while the next one is read. */
export function useMyReports(request: MyReportsRequest) {
  return useQuery({ ...myReportsQueryOptions(request), placeholderData: keepPreviousData });
}

/** POST /api/teaching/reports/due?pageNo=&pageSize= */
export async function getDueReports(
  pageNo: number,
  pageSize: number,
  options?: RequestOptions,
): Promise<Page<DueReportRow>> {
  const page = await api.post<Page<DueReportRow> | null>('/api/teaching/reports/due', undefined, {
    ...options,
    params: { pageNo, pageSize },
  });
  return asPage(page, pageNo, pageSize);
}

export function dueReportsQueryOptions(pageNo: number, pageSize: number) {
  return queryOptions({
    queryKey: teachingKeys.dueReports(pageNo, pageSize),
    queryFn: (context) => getDueReports(pageNo, pageSize, readOptions(context)),
  });
}

export function useDueReports(pageNo: number, pageSize: number) {
  return useQuery({ ...dueReportsQueryOptions(pageNo, pageSize), placeholderData: keepPreviousData });
}

/** POST /api/report/feedback/v2/init */
export function initFeedbackReport(body: FeedbackInitRequest): Promise<FeedbackReportSummary> {
  return api.post<FeedbackReportSummary>('/api/report/feedback/v2/init', body);
}

/** Creates (or finds) a lesson's report of a student; the lessons and lists show it after. */
export function useInitFeedbackReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initFeedbackReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachingKeys.all }),
  });
}
