import { KNOWLEDGE_BASE_BOOTSTRAP_SCENE } from '@/config/constants';
import { useQuery } from '@tanstack/react-query';
import type { BootstrapFlag } from '@/generated/BootstrapFlag';
import { api } from '@/lib/api-client';

/** Whether the knowledge-base introduction is still to be shown. */
export async function shouldShowKnowledgeBaseIntro(): Promise<boolean> {
  const data = await api.get<BootstrapFlag[] | null>('/api/pub/index/user/bootstrap', {
    params: { scene: KNOWLEDGE_BASE_BOOTSTRAP_SCENE },
    quiet: true,
    noLoading: true,
  });
  return Array.isArray(data) && data[0]?.bootstrap === true;
}

export const knowledgeBaseIntroKey = ['home', 'knowledge-base-intro'] as const;

export function useShouldShowKnowledgeBaseIntro() {
  return useQuery({ queryKey: knowledgeBaseIntroKey, queryFn: shouldShowKnowledgeBaseIntro });
}

/** Records that the introduction was dismissed. */
export function dismissKnowledgeBaseIntro(): Promise<unknown> {
  return api.post('/api/pub/index/user/bootstrap-turn-off', undefined, {
    params: { scene: KNOWLEDGE_BASE_BOOTSTRAP_SCENE },
    quiet: true,
    noLoading: true,
  });
}
