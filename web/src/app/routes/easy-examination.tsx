// 易考试 (/easyexamination, 03 §7.7): the offline exams I published or that were shared with me,
// one exam with its members and results, and my exam groups with the selection an exam is
// published to. A group's export goes through the download centre's queue, which the app hands
// to the groups page (features do not import each other). Titled as the user's menu names them.

import { useSearchParams } from 'react-router';
import { routesByName } from '@/config/paths';
import { useQueuedCall } from '@/features/download/api/use-queued-call';
import { ExamDetail } from '@/features/exam-group/components/exam-detail';
import { ExamGroups } from '@/features/exam-group/components/exam-groups';
import { ExamList } from '@/features/exam-group/components/exam-list';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';
import { NotLoaded } from '@/features/teaching/components/loading';

function useTitle(name: string): string {
  return usePageTitle(name, routesByName.get(name)?.title) ?? '';
}

/** /easyexamination/offlineExam/examList?tab= */
export function ExamListRoute() {
  return <ExamList title={useTitle('ExamList')} />;
}

/** /easyexamination/offlineExam/examDetail?examId= */
export function ExamDetailRoute() {
  const examId = Number(useSearchParams()[0].get('examId'));
  if (!Number.isSafeInteger(examId) || examId <= 0) return <NotLoaded text="链接中缺少有效的考试编号（examId）。" />;
  return <ExamDetail key={examId} examId={examId} />;
}

/** /easyexamination/offlineExam/examGroups */
export function ExamGroupsRoute() {
  return <ExamGroups title={useTitle('ExamGroups')} queueExport={useQueuedCall()} />;
}
