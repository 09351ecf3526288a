// A marked lesson task analysed by knowledge point (03 §7.1 "Other POST"): each point's share of
// the paper and the students' score rate on it (exam/analysis/paperByKnowledge), and each
// student's score rate on each point (exam/analysis/heatMapByKnowledge). Both are the task's
// reader's (its teacher's); a rate of -1 means nothing on it is marked yet.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExamAnalysisRequest } from '@/generated/ExamAnalysisRequest';
import type { KnowledgeHeatMap } from '@/generated/KnowledgeHeatMap';
import type { PaperKnowledgeAnalysis } from '@/generated/PaperKnowledgeAnalysis';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';

const all = ['examAnalysis'] as const;

export const examAnalysisKeys = {
  all,
  task: (taskId: number) => [...all, taskId] as const,
  byKnowledge: (taskId: number) => [...all, taskId, 'byKnowledge'] as const,
  heatMap: (taskId: number) => [...all, taskId, 'heatMap'] as const,
};

/** POST /api/exam/analysis/paperByKnowledge (quiet: the page says what went wrong in place). */
export function getPaperByKnowledge(taskId: number, options?: RequestOptions): Promise<PaperKnowledgeAnalysis> {
  const body: ExamAnalysisRequest = { taskId };
  return api.post<PaperKnowledgeAnalysis>('/api/exam/analysis/paperByKnowledge', body, { quiet: true, ...options });
}

export function paperByKnowledgeQueryOptions(taskId: number) {
  return queryOptions({
    queryKey: examAnalysisKeys.byKnowledge(taskId),
    queryFn: (context) => getPaperByKnowledge(taskId, readOptions(context)),
  });
}

export function usePaperByKnowledge(taskId: number) {
  return useQuery(paperByKnowledgeQueryOptions(taskId));
}

/** POST /api/exam/analysis/heatMapByKnowledge (quiet, as above). */
export function getHeatMap(taskId: number, options?: RequestOptions): Promise<KnowledgeHeatMap> {
  const body: ExamAnalysisRequest = { taskId };
  return api.post<KnowledgeHeatMap>('/api/exam/analysis/heatMapByKnowledge', body, {
    quiet: true,
    noLoading: true,
    ...options,
  });
}

export function heatMapQueryOptions(taskId: number) {
  return queryOptions({
    queryKey: examAnalysisKeys.heatMap(taskId),
    queryFn: () => getHeatMap(taskId),
  });
}

export function useHeatMap(taskId: number) {
  return useQuery(heatMapQueryOptions(taskId));
}
