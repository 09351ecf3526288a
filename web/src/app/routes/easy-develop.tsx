// 易研发 (03 §2): 知识切片, the knowledge atlas editor. Titled as the user's menu names it.

import { routesByName } from '@/config/paths';
import { KnowledgeSlicing } from '@/features/atlas/components/knowledge-slicing';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';

function useTitle(name: string): string {
  return usePageTitle(name, routesByName.get(name)?.title) ?? '';
}

/** /easyDevelop/knowledgeSlicing */
export function KnowledgeSlicingRoute() {
  return <KnowledgeSlicing title={useTitle('KnowledgeSlicing')} />;
}
