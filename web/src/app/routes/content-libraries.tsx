// The teaching-content libraries (issue 21, 03 §2): 教材章节, 试卷库 and 考试分析 (选题组卷); 组讲义,
// 闪卡库 and 学情洞察 (易备课); 闪卡 (易研发); 闪卡统计 (知识库); 收集统计 (试卷收集); 导入文件 (批量导入).
// Titled as the user's menu names them.

import { routesByName } from '@/config/paths';
import { ImportFilePage } from '@/features/admin/components/records-import/import-file-page';
import { FlashCardLibrary } from '@/features/camp/flashcards/components/flash-card-library';
import { FlashCardStatistics } from '@/features/camp/flashcards/components/flash-card-statistics';
import { FlashCardWorkbench } from '@/features/camp/flashcards/components/flash-card-workbench';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';
import { AssembleLecture } from '@/features/paper/components/assemble-lecture';
import { CollectionStatistics } from '@/features/paper/components/collection-statistics';
import { ExaminationAnalysis } from '@/features/paper/components/examination-analysis';
import { PaperLibrary } from '@/features/paper/components/paper-library';
import { TextbookChapterPaper } from '@/features/question/components/textbook-chapter-paper';
import { LearningInsight } from '@/features/wrong-question/components/learning-insight';

function useTitle(name: string): string {
  return usePageTitle(name, routesByName.get(name)?.title) ?? '';
}

/** /knowledgeSelection/textBookChapters */
export function TextBookChaptersRoute() {
  return <TextbookChapterPaper title={useTitle('TextBookChapters')} />;
}

/** /knowledgeSelection/paperLibrary */
export function PaperLibraryRoute() {
  return <PaperLibrary title={useTitle('PaperLibrary')} />;
}

/** /knowledgeSelection/examinationAnalysisList?taskId= */
export function ExaminationAnalysisListRoute() {
  return <ExaminationAnalysis title={useTitle('ExaminationAnalysisList')} />;
}

/** /easyLessonPreparation/lectureLibrary/assembleLecture/:any/:subject/:stage/:atlasType/:schoolId/:knwDirId */
export function AssembleLectureRoute() {
  return <AssembleLecture title={useTitle('AssembleLecture')} />;
}

/** /paperCollection/statistics */
export function PaperCollectionStatisticsRoute() {
  return <CollectionStatistics title={useTitle('PaperCollectionStatistics')} />;
}

/** /easyDevelop/Flashcards */
export function FlashcardsRoute() {
  return <FlashCardWorkbench title={useTitle('Flashcards')} />;
}

/** /easyLessonPreparation/flashcardLibrary */
export function FlashcardLibraryRoute() {
  return <FlashCardLibrary title={useTitle('FlashcardLibrary')} />;
}

/** /knowledgeRepository/flashCardStatistics?campId= */
export function FlashCardStatisticsRoute() {
  return <FlashCardStatistics title={useTitle('FlashCardStatistics')} />;
}

/** /batchImport/importFile */
export function ImportFileRoute() {
  return <ImportFilePage title={useTitle('ImportFile')} />;
}

/** /easyLessonPreparation/insightLearningSituation?classId= */
export function InsightLearningSituationRoute() {
  return <LearningInsight title={useTitle('InsightLearningSituation')} />;
}
