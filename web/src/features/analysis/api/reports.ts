// Stage reports (阶段报告): one with its analysis computed now (`report/detail`, read quietly: the
// page says why it could not be read), a new draft from a template (`report/create`), the
// draft's texts and questions (`report/save`, refused with A0409 over a newer version: the editor
// says so itself), questions added from the pickers (`report/addQuestions`), `publish`,
// `delete`, and the reports of a student or all the caller reads (`report/list`).

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddReportQuestionsRequest } from '@/generated/AddReportQuestionsRequest';
import type { CreateStageReportRequest } from '@/generated/CreateStageReportRequest';
import type { SaveStageReportRequest } from '@/generated/SaveStageReportRequest';
import type { StageReport } from '@/generated/StageReport';
import type { StageReportIdRequest } from '@/generated/StageReportIdRequest';
import type { StageReportItem } from '@/generated/StageReportItem';
import type { StageReportListRequest } from '@/generated/StageReportListRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { analysisKeys, invalidateReportLists } from './analysis-keys';

/** POST /api/analysis/report/detail */
export function getStageReport(id: number, options?: RequestOptions): Promise<StageReport> {
  const body: StageReportIdRequest = { id };
  return api.post<StageReport>('/api/analysis/report/detail', body, { ...options, quiet: true });
}

export function stageReportQueryOptions(id: number) {
  return queryOptions({
    queryKey: analysisKeys.report(id),
    queryFn: (context) => getStageReport(id, readOptions(context)),
  });
}

export function useStageReport(id: number) {
  return useQuery(stageReportQueryOptions(id));
}

/** POST /api/analysis/report/list */
export function getStageReports(request: StageReportListRequest, options?: RequestOptions): Promise<StageReportItem[]> {
  return api.post<StageReportItem[]>('/api/analysis/report/list', request, options);
}

export function stageReportsQueryOptions(request: StageReportListRequest) {
  return queryOptions({
    queryKey: analysisKeys.reports(request),
    queryFn: (context) => getStageReports(request, readOptions(context)),
  });
}

export function useStageReports(request: StageReportListRequest) {
  return useQuery(stageReportsQueryOptions(request));
}

/** The report answered becomes the cached one; the lists are read again. */
function useReportChange<Body>(call: (body: Body) => Promise<StageReport>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (report) => {
      queryClient.setQueryData(analysisKeys.report(report.id), report);
      return invalidateReportLists(queryClient);
    },
  });
}

/** POST /api/analysis/report/create */
export function createStageReport(body: CreateStageReportRequest): Promise<StageReport> {
  return api.post<StageReport>('/api/analysis/report/create', body);
}

export const useCreateStageReport = () => useReportChange(createStageReport);

/** POST /api/analysis/report/save: quiet, the editor tells a conflict (A0409) from other failures. */
export function saveStageReport(body: SaveStageReportRequest): Promise<StageReport> {
  return api.post<StageReport>('/api/analysis/report/save', body, { quiet: true });
}

export const useSaveStageReport = () => useReportChange(saveStageReport);

/** POST /api/analysis/report/publish */
export function publishStageReport(id: number): Promise<StageReport> {
  const body: StageReportIdRequest = { id };
  return api.post<StageReport>('/api/analysis/report/publish', body);
}

export const usePublishStageReport = () => useReportChange(publishStageReport);

/** POST /api/analysis/report/addQuestions: how many were added (those already there are not). */
export function addReportQuestions(body: AddReportQuestionsRequest): Promise<number> {
  return api.post<number>('/api/analysis/report/addQuestions', body);
}

/** Adds questions; the report is read again (every copy, so the editor opens on it) with the lists. */
export function useAddReportQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReportQuestions,
    onSuccess: (_, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: analysisKeys.report(body.id), refetchType: 'all' }),
        invalidateReportLists(queryClient),
      ]),
  });
}

/** POST /api/analysis/report/delete */
export async function deleteStageReport(id: number): Promise<void> {
  const body: StageReportIdRequest = { id };
  await api.post<boolean>('/api/analysis/report/delete', body);
}

export function useDeleteStageReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStageReport,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: analysisKeys.report(id) });
      return invalidateReportLists(queryClient);
    },
  });
}
