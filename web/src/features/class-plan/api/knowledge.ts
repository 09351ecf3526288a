// The knowledge points a plan's item may name: the published atlas of the package's subject and
// the student's stage (`teaching/plan/knw/tree`, the course outline's knowledge points), a tree of
// chapters and points. It does not change while a plan is written.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AtlasNodeView } from '@/generated/AtlasNodeView';
import type { AtlasTreeRequest } from '@/generated/AtlasTreeRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { classPlanKeys } from './class-plan-keys';

/** POST /api/teaching/plan/knw/tree */
export async function getPlanKnowledgeTree(
  subject: number,
  stage: number,
  options?: RequestOptions,
): Promise<AtlasNodeView[]> {
  const body: AtlasTreeRequest = { subject, stage };
  const nodes = await api.post<AtlasNodeView[] | null>('/api/teaching/plan/knw/tree', body, {
    noLoading: true,
    ...options,
  });
  return Array.isArray(nodes) ? nodes : [];
}

export function planKnowledgeTreeQueryOptions(subject: number, stage: number) {
  return queryOptions({
    queryKey: classPlanKeys.knowledge(subject, stage),
    queryFn: () => getPlanKnowledgeTree(subject, stage),
    staleTime: 10 * 60_000,
  });
}

export function usePlanKnowledgeTree(subject: number, stage: number) {
  return useQuery(planKnowledgeTreeQueryOptions(subject, stage));
}
