// 易备课 (03 §2): 讲义库, lectures assembled from the knowledge atlas and the courses of the
// lecture library; 教辅资料, the published textbooks and teaching aids a teacher prepares lessons
// from; 教学大纲, the teaching outlines. Titled as the user's menu names them.

import { routesByName } from '@/config/paths';
import { LectureLibrary } from '@/features/library/components/lecture-library';
import { TeachingMaterial } from '@/features/lesson-material/components/teaching-material';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';
import { TeachingOutlines } from '@/features/outline/components/teaching-outlines';

function useTitle(name: string): string {
  return usePageTitle(name, routesByName.get(name)?.title) ?? '';
}

/** /easyLessonPreparation/lectureLibrary */
export function LectureLibraryRoute() {
  return <LectureLibrary title={useTitle('LectureLibrary')} />;
}

/** /easyLessonPreparation/teachingMaterial */
export function TeachingMaterialRoute() {
  return <TeachingMaterial title={useTitle('TeachingMaterial')} />;
}

/** /easyLessonPreparation/teachingInstruction */
export function TeachingInstructionRoute() {
  return <TeachingOutlines title={useTitle('TeachingInstruction')} />;
}
