// The cloud drive (知识库 → 我的空间, 03 §2) and its statistics, titled as the user's menu names
// them.

import { routesByName } from '@/config/paths';
import { DrivePage } from '@/features/document/components/drive-page';
import { DriveStatistics } from '@/features/document/components/drive-statistics';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';

function useTitle(name: string): string {
  return usePageTitle(name, routesByName.get(name)?.title) ?? '';
}

/** /knowledgeRepository/mainSpace?nodeId=&id=&nodeName=&location=[&share=] */
export function MainSpaceRoute() {
  return <DrivePage title={useTitle('MainSpace')} />;
}

/** /knowledgeRepository/statistics */
export function KnowledgeStatisticsRoute() {
  return <DriveStatistics title={useTitle('KnowledgeStatistics')} />;
}
