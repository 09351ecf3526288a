// A student's learning analysis (`analysis/student`: totals, tasks, knowledge points over a
// period), one task as a whole paper beside the class (`analysis/paper`), the student's wrong
// questions (`analysis/wrongQuestions`) and the report templates (GET `analysis/templates`). The
// pages' own records are read quietly: the page says why one could not be read.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalysisPaperRequest } from '@/generated/AnalysisPaperRequest';
import type { AnalysisStudentRequest } from '@/generated/AnalysisStudentRequest';
import type { AnalysisWrongQuestion } from '@/generated/AnalysisWrongQuestion';
import type { AnalysisWrongRequest } from '@/generated/AnalysisWrongRequest';
import type { PaperAnalysis } from '@/generated/PaperAnalysis';
import type { ReportTemplate } from '@/generated/ReportTemplate';
import type { StudentAnalysis } from '@/generated/StudentAnalysis';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { analysisKeys } from './analysis-keys';

/** POST /api/analysis/student */
export function getStudentAnalysis(
  request: AnalysisStudentRequest,
  options?: RequestOptions,
): Promise<StudentAnalysis> {
  return api.post<StudentAnalysis>('/api/analysis/student', request, { ...options, quiet: true });
}

export function studentAnalysisQueryOptions(request: AnalysisStudentRequest) {
  return queryOptions({
    queryKey: analysisKeys.student(request),
    queryFn: (context) => getStudentAnalysis(request, readOptions(context)),
  });
}

/** The analysis shown stays while another period or subject is read. */
export function useStudentAnalysis(request: AnalysisStudentRequest, enabled = true) {
  return useQuery({ ...studentAnalysisQueryOptions(request), placeholderData: keepPreviousData, enabled });
}

/** POST /api/analysis/paper */
export function getPaperAnalysis(taskId: number, studentId: number, options?: RequestOptions): Promise<PaperAnalysis> {
  const body: AnalysisPaperRequest = { taskId, studentId };
  return api.post<PaperAnalysis>('/api/analysis/paper', body, { ...options, quiet: true });
}

export function paperAnalysisQueryOptions(taskId: number, studentId: number) {
  return queryOptions({
    queryKey: analysisKeys.paper(taskId, studentId),
    queryFn: (context) => getPaperAnalysis(taskId, studentId, readOptions(context)),
  });
}

export function usePaperAnalysis(taskId: number, studentId: number) {
  return useQuery(paperAnalysisQueryOptions(taskId, studentId));
}

/** POST /api/analysis/wrongQuestions */
export function getAnalysisWrongQuestions(
  request: AnalysisWrongRequest,
  options?: RequestOptions,
): Promise<AnalysisWrongQuestion[]> {
  return api.post<AnalysisWrongQuestion[]>('/api/analysis/wrongQuestions', request, options);
}

export function analysisWrongQuestionsQueryOptions(request: AnalysisWrongRequest) {
  return queryOptions({
    queryKey: analysisKeys.wrong(request),
    queryFn: (context) => getAnalysisWrongQuestions(request, readOptions(context)),
  });
}

/** The list shown stays while another filter is read. */
export function useAnalysisWrongQuestions(request: AnalysisWrongRequest) {
  return useQuery({ ...analysisWrongQuestionsQueryOptions(request), placeholderData: keepPreviousData });
}

/** GET /api/analysis/templates */
export function getReportTemplates(options?: RequestOptions): Promise<ReportTemplate[]> {
  return api.get<ReportTemplate[]>('/api/analysis/templates', options);
}

export function reportTemplatesQueryOptions() {
  return queryOptions({
    queryKey: analysisKeys.templates,
    queryFn: (context) => getReportTemplates(readOptions(context)),
    // The templates are the server's constants.
    staleTime: Infinity,
  });
}

export function useReportTemplates() {
  return useQuery(reportTemplatesQueryOptions());
}
