// The assistant's usage (03 §7.9): calls, failures and tokens per model between two days
// (ai/usage; everyone's for administrators, else the caller's own).

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiUsage } from '@/generated/AiUsage';
import type { AiUsageRequest } from '@/generated/AiUsageRequest';
import { api } from '@/lib/api-client';
import { aiKeys } from './ai-keys';

/** POST /api/ai/usage */
export function getUsage(body: AiUsageRequest): Promise<AiUsage> {
  return api.post<AiUsage>('/api/ai/usage', body, { noLoading: true });
}

export function usageQueryOptions(startTime: number, endTime: number) {
  return queryOptions({
    queryKey: aiKeys.usage(startTime, endTime),
    queryFn: () => getUsage({ startTime, endTime }),
  });
}

export function useUsage(startTime: number, endTime: number) {
  return useQuery(usageQueryOptions(startTime, endTime));
}
