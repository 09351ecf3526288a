// The assistant's provider (03 §7.9): whether one is configured (when not, `hint` says how), its
// models with the default, and the per-user limits (GET ai/model/config).

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiModel } from '@/generated/AiModel';
import type { AiModelConfig } from '@/generated/AiModelConfig';
import { api } from '@/lib/api-client';
import { aiKeys } from './ai-keys';

/** GET /api/ai/model/config */
export function getModelConfig(): Promise<AiModelConfig> {
  return api.get<AiModelConfig>('/api/ai/model/config', { noLoading: true });
}

export function modelConfigQueryOptions() {
  return queryOptions({ queryKey: aiKeys.modelConfig(), queryFn: getModelConfig, staleTime: Infinity });
}

export function useModelConfig() {
  return useQuery(modelConfigQueryOptions());
}

/** The model preselected: the default one, else the first. */
export function defaultModelOf(models: readonly AiModel[]): string | null {
  return (models.find((m) => m.isDefault) ?? models[0])?.code ?? null;
}
