// 易备课 (03 §2): 教辅资料, the published textbooks and teaching aids a teacher prepares lessons
// from. Titled as the user's menu names it.

import { routesByName } from '@/config/paths';
import { TeachingMaterial } from '@/features/lesson-material/components/teaching-material';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';

function useTitle(name: string): string {
  return usePageTitle(name, routesByName.get(name)?.title) ?? '';
}

/** /easyLessonPreparation/teachingMaterial */
export function TeachingMaterialRoute() {
  return <TeachingMaterial title={useTitle('TeachingMaterial')} />;
}
