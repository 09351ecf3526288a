// 易批改 (/easyCorrect, 03 §7.5): 试卷分析, a task's results with each question's accuracy; 教师批改,
// my lesson tasks with answers and a task's students and sheets to mark; 标注答案, a student's sheet
// entered from their code. And 错题本 (/correctionNotebook): my classes' wrong questions by student,
// with similar practice sent in batches. Titled as the user's menu names them.

import { routesByName } from '@/config/paths';
import { MarkAnswer } from '@/features/lesson-task/components/mark-answer';
import { PaperAnalysis } from '@/features/lesson-task/components/paper-analysis';
import { TeacherCorrect } from '@/features/lesson-task/components/teacher-correct';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';
import { CorrectionNotebook } from '@/features/wrong-question/components/correction-notebook';

function useTitle(name: string): string {
  return usePageTitle(name, routesByName.get(name)?.title) ?? '';
}

/** /easyCorrect/paperAnalysis?taskId= */
export function PaperAnalysisRoute() {
  return <PaperAnalysis title={useTitle('PaperAnalysis')} />;
}

/** /easyCorrect/teacherCorrect?taskId= */
export function TeacherCorrectRoute() {
  return <TeacherCorrect title={useTitle('TeacherCorrect')} />;
}

/** /easyCorrect/markAnswer?studentCode=&taskId= */
export function MarkAnswerRoute() {
  return <MarkAnswer title={useTitle('MarkAnswer')} />;
}

/** /correctionNotebook?classId=&studentId= */
export function CorrectionNotebookRoute() {
  return <CorrectionNotebook title={useTitle('CorrectionNotebook')} />;
}
