// 试卷收集 (03 §2): 讲义审核与发布, my handouts submitted for audit, the audit queue of the content
// admins and the approved handouts of the library. Titled as the user's menu names it.

import { routesByName } from '@/config/paths';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';
import { PaperShow } from '@/features/paper/components/paper-show';

function useTitle(name: string): string {
  return usePageTitle(name, routesByName.get(name)?.title) ?? '';
}

/** /paperCollection/paperShow */
export function PaperShowRoute() {
  return <PaperShow title={useTitle('PaperShow')} />;
}
