// 选题组卷 (03 §2): 知识点组卷, the question bank searched by knowledge point with the basket that
// is assembled into a handout, and 我的题库, my own questions, tags and re-edits. Titled as the
// user's menu names them.

import { routesByName } from '@/config/paths';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';
import { KnowledgePaper } from '@/features/question/components/knowledge-paper';
import { PersonalBank } from '@/features/question/components/personal-bank';

function useTitle(name: string): string {
  return usePageTitle(name, routesByName.get(name)?.title) ?? '';
}

/** /knowledgeSelection/knowledgePaper */
export function KnowledgePaperRoute() {
  return <KnowledgePaper title={useTitle('KnowledgePaper')} />;
}

/** /knowledgeSelection/personalQuestionBank */
export function PersonalQuestionBankRoute() {
  return <PersonalBank title={useTitle('PersonalQuestionBank')} />;
}
