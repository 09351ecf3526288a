import { LectureAssembly } from '@/features/paper/components/lecture-assembly';

/** /easyLessonPreparation/lectureLibrary: assemble a lecture from the knowledge atlas (03 §2). */
export function LectureLibraryRoute() {
  return <LectureAssembly />;
}
