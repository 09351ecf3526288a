import { Alert, Stack, Title } from '@mantine/core';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { StatCards } from '@/components/stat-cards';
import type { KnowledgeAnalysis as PointAnalysis } from '@/generated/KnowledgeAnalysis';
import { formatCount, formatText, formatUsageRate } from '@/lib/report-format';
import { usePaperByKnowledge } from '../api/exam-analysis';

const POINT_COLUMNS: ListTableColumn<PointAnalysis>[] = [
  { accessor: 'name', title: '知识点', width: 200, render: (p) => formatText(p.name) },
  { accessor: 'questionCount', title: '题数', width: 70, render: (p) => formatCount(p.questionCount) },
  { accessor: 'totalScore', title: '分值', width: 70, render: (p) => formatCount(p.totalScore) },
  {
    accessor: 'scoreShare',
    title: '分值占比',
    width: 90,
    tooltip: '该知识点题目的分值占试卷总分的比例（一题涉及多个知识点时分别计入）',
    render: (p) => formatUsageRate(p.scoreShare),
  },
  {
    accessor: 'scoreRate',
    title: '得分率',
    width: 90,
    tooltip: '已批改作答的得分 ÷ 满分；“/”表示尚无批改',
    render: (p) => formatUsageRate(p.scoreRate),
  },
  { accessor: 'wrongStudents', title: '出错人数', width: 90, render: (p) => formatCount(p.wrongStudents) },
];

/**
 * A task's paper by knowledge point (exam/analysis/paperByKnowledge): the paper's total and the
 * answers marked, then each point — its questions, their share of the paper, the students' score
 * rate and how many erred — the weakest first, as the server orders them.
 */
export function KnowledgeAnalysis({ taskId }: { taskId: number }) {
  const analysis = usePaperByKnowledge(taskId);
  if (analysis.isError)
    return (
      <Alert color="orange" variant="light" title="知识点分析未能读取">
        {analysis.error.message}
      </Alert>
    );
  const data = analysis.data;
  return (
    <Stack gap="md">
      <StatCards
        title="试卷概况"
        busy={analysis.isFetching}
        cols={{ base: 2, sm: 3 }}
        items={[
          { label: '试卷总分', value: formatCount(data?.totalScore) },
          { label: '知识点数', value: formatCount(data?.points.length) },
          { label: '已批改作答', value: formatCount(data?.markedAnswers) },
        ]}
      />
      <Stack gap="xs">
        <Title order={5}>知识点得分</Title>
        <ListTable<PointAnalysis>
          label="知识点得分"
          storeKey="exam-analysis-points"
          columns={POINT_COLUMNS}
          records={data?.points ?? []}
          idAccessor="nodeId"
          rowAttributes={(p) => ({ 'aria-label': p.name })}
          noRecordsText={analysis.isPending ? '加载中…' : '试卷题目尚未关联知识点'}
          fetching={analysis.isFetching}
          pinFirstColumn
        />
      </Stack>
    </Stack>
  );
}
