// Offline exams: publishing one to my selection (POST
// /api/exam/api/collections_suit/publish/gdk/pub; 409 when nothing is selected), the exams I
// published page by page (/exam/list), those colleagues shared with me (/exam/share/list) and one
// exam with its members and results (/exam/detail).

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExamDetail } from '@/generated/ExamDetail';
import type { ExamIdRequest } from '@/generated/ExamIdRequest';
import type { ExamListRequest } from '@/generated/ExamListRequest';
import type { ExamPublishRequest } from '@/generated/ExamPublishRequest';
import type { ExamRow } from '@/generated/ExamRow';
import type { Page } from '@/generated/Page';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { examGroupKeys } from './exam-group-keys';

/** POST /api/exam/api/collections_suit/publish/gdk/pub (quiet: the form shows what went wrong). */
export function publishExam(body: ExamPublishRequest): Promise<ExamRow> {
  return api.post<ExamRow>('/api/exam/api/collections_suit/publish/gdk/pub', body, { quiet: true });
}

/** Publishes to the selection, which the server empties; the selection and the lists read again. */
export function usePublishExam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishExam,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: examGroupKeys.selection() });
      void client.invalidateQueries({ queryKey: examGroupKeys.exams() });
    },
  });
}

/** POST /api/exam/list */
export async function getExams(request: ExamListRequest, options?: RequestOptions): Promise<Page<ExamRow>> {
  const page = await api.post<Page<ExamRow> | null>('/api/exam/list', request, options);
  return page && Array.isArray(page.records)
    ? page
    : { records: [], total: 0, pageNo: request.pageNo ?? 1, pageSize: request.pageSize ?? 0 };
}

export function examsQueryOptions(request: ExamListRequest) {
  return queryOptions({
    queryKey: examGroupKeys.examList(request),
    queryFn: (context) => getExams(request, readOptions(context)),
  });
}

/** The page shown stays while the next one is read. */
export function useExams(request: ExamListRequest) {
  return useQuery({ ...examsQueryOptions(request), placeholderData: keepPreviousData });
}

/** POST /api/exam/share/list */
export async function getSharedExams(options?: RequestOptions): Promise<ExamRow[]> {
  return (await api.post<ExamRow[] | null>('/api/exam/share/list', {}, options)) ?? [];
}

export function sharedExamsQueryOptions() {
  return queryOptions({
    queryKey: examGroupKeys.sharedExams(),
    queryFn: (context) => getSharedExams(readOptions(context)),
  });
}

export function useSharedExams(enabled = true) {
  return useQuery({ ...sharedExamsQueryOptions(), enabled });
}

/** POST /api/exam/detail */
export function getExamDetail(examId: number, options?: RequestOptions): Promise<ExamDetail> {
  const body: ExamIdRequest = { examId };
  return api.post<ExamDetail>('/api/exam/detail', body, options);
}

export function examDetailQueryOptions(examId: number) {
  return queryOptions({
    queryKey: examGroupKeys.detail(examId),
    queryFn: (context) => getExamDetail(examId, readOptions(context)),
  });
}

export function useExamDetail(examId: number) {
  return useQuery(examDetailQueryOptions(examId));
}

/** After a change of an exam: everything of it and the lists read again. */
export function refreshExam(client: ReturnType<typeof useQueryClient>, examId: number): void {
  void client.invalidateQueries({ queryKey: examGroupKeys.exam(examId) });
  void client.invalidateQueries({ queryKey: examGroupKeys.exams() });
}
