// How a camp opens its phases: the rules (GET /api/camp/dict/publish-rule), setting one
// (/camp/rule) and what it means for each phase (/camp/staging-rule).

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampIdRequest } from '@/generated/CampIdRequest';
import type { CampInfo } from '@/generated/CampInfo';
import type { CampRuleRequest } from '@/generated/CampRuleRequest';
import type { PhaseStage } from '@/generated/PhaseStage';
import type { PublishRuleItem } from '@/generated/PublishRuleItem';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { campKeys } from './camp-keys';

/** GET /api/camp/dict/publish-rule */
export async function getPublishRules(options?: RequestOptions): Promise<PublishRuleItem[]> {
  return (await api.get<PublishRuleItem[] | null>('/api/camp/dict/publish-rule', options)) ?? [];
}

export function usePublishRules() {
  return useQuery({
    queryKey: campKeys.publishRules(),
    queryFn: (context) => getPublishRules(readOptions(context)),
    staleTime: Infinity,
  });
}

/** POST /api/camp/staging-rule */
export async function getStagingRule(campId: number, options?: RequestOptions): Promise<PhaseStage[]> {
  const body: CampIdRequest = { campId };
  return (await api.post<PhaseStage[] | null>('/api/camp/staging-rule', body, options)) ?? [];
}

export function stagingRuleQueryOptions(campId: number) {
  return queryOptions({
    queryKey: campKeys.staging(campId),
    queryFn: (context) => getStagingRule(campId, readOptions(context)),
  });
}

export function useStagingRule(campId: number) {
  return useQuery(stagingRuleQueryOptions(campId));
}

/** POST /api/camp/rule */
export function setCampRule(body: CampRuleRequest): Promise<CampInfo> {
  return api.post<CampInfo>('/api/camp/rule', body);
}

/** Sets the rule: the camp's info shown at once, the staging read again. */
export function useSetCampRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCampRule,
    onSuccess: (info) => {
      queryClient.setQueryData(campKeys.info(info.campId), info);
      void queryClient.invalidateQueries({ queryKey: campKeys.staging(info.campId) });
      void queryClient.invalidateQueries({ queryKey: campKeys.lists() });
    },
  });
}
