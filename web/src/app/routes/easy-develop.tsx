// 易研发 (03 §2): 知识切片, the knowledge atlas editor; 教材库, the textbooks with their chapters
// (教材目录); 教辅库, the series of teaching aids and their aids (教辅目录); 一对一课程, the courses
// (teaching outlines) of the one-on-one class type. Titled as the user's menu names them; a
// textbook's or an aid's page by the `title` its link gives.

import { useParams, useSearchParams } from 'react-router';
import { routesByName } from '@/config/paths';
import { KnowledgeSlicing } from '@/features/atlas/components/knowledge-slicing';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';
import { TeachingOutlines } from '@/features/outline/components/teaching-outlines';
import { TeachingAidLibrary } from '@/features/teaching-aid/components/teaching-aid-library';
import { TeachingAidSyllabus } from '@/features/teaching-aid/components/teaching-aid-syllabus';
import { NotLoaded } from '@/features/teaching/components/loading';
import { TextbookLibrary } from '@/features/teaching-material/components/textbook-library';
import { TextbookSyllabus } from '@/features/teaching-material/components/textbook-syllabus';

function useTitle(name: string): string {
  return usePageTitle(name, routesByName.get(name)?.title) ?? '';
}

/** The id in the path (`:sign`) and the `title` query of a syllabus page; id null when invalid. */
function useSyllabusParams(): { id: number | null; title: string | null } {
  const id = Number(useParams().sign);
  const title = useSearchParams()[0].get('title')?.trim() || null;
  return { id: Number.isSafeInteger(id) && id > 0 ? id : null, title };
}

/** /easyDevelop/knowledgeSlicing */
export function KnowledgeSlicingRoute() {
  return <KnowledgeSlicing title={useTitle('KnowledgeSlicing')} />;
}

/** /easyDevelop/textbookLibrary */
export function TextbookLibraryRoute() {
  return <TextbookLibrary title={useTitle('TextbookLibrary')} />;
}

/** /easyDevelop/textbookLibrary/syllabus/{textbookId}?title={name} */
export function TextbookSyllabusRoute() {
  const { id, title } = useSyllabusParams();
  const fallbackTitle = useTitle('TextbookSyllabus');
  if (id === null) return <NotLoaded text="链接中缺少有效的教材编号。" />;
  return <TextbookSyllabus key={id} textbookId={id} title={title} fallbackTitle={fallbackTitle} />;
}

/** /easyDevelop/teachingAidlibrary */
export function TeachingAidLibraryRoute() {
  return <TeachingAidLibrary title={useTitle('TeachingAidlibrary')} />;
}

/** /easyDevelop/teachingAidlibrary/syllabus/{aidId}?title={title} */
export function TeachingAidSyllabusRoute() {
  const { id, title } = useSyllabusParams();
  const fallbackTitle = useTitle('TeachingAidSyllabus');
  if (id === null) return <NotLoaded text="链接中缺少有效的教辅编号。" />;
  return <TeachingAidSyllabus key={id} aidId={id} title={title} fallbackTitle={fallbackTitle} />;
}

/** The outlines' class type of one-on-one courses (`teaching_material::CLASS_TYPES`: 1 一对一). */
const ONE_ON_ONE_COURSE = 1;

/** /easyDevelop/OneOnOneClassList */
export function OneOnOneClassListRoute() {
  return <TeachingOutlines title={useTitle('OneOnOneClassList')} classType={ONE_ON_ONE_COURSE} />;
}
