// The learning camps' statistics (知识库, 03 §7.6): a camp's (学习营统计), a task's (任务资源统计)
// and a question set's per-question figures (试卷统计), titled as the user's menu names them.

import { routesByName } from '@/config/paths';
import { PaperStatistics, TaskResourceStatistics } from '@/features/camp/statistics/components/task-statistics';
import { TrainingStatistics } from '@/features/camp/statistics/components/training-statistics';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';

function useTitle(name: string): string {
  return usePageTitle(name, routesByName.get(name)?.title) ?? '';
}

/** /knowledgeRepository/training/trainingStatistics?campId= */
export function TrainingStatisticsRoute() {
  return <TrainingStatistics title={useTitle('TrainingStatistics')} />;
}

/** /knowledgeRepository/training/taskResourceStatistics?campId=&taskId= */
export function TaskResourceStatisticsRoute() {
  return <TaskResourceStatistics title={useTitle('TaskResourceStatistics')} />;
}

/** /knowledgeRepository/training/paperStatistics?campId=&taskId= (question sets) */
export function PaperStatisticsRoute() {
  return <PaperStatistics title={useTitle('PaperStatistics')} />;
}
