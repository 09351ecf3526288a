// The figures of an analysis, shared by 学情分析, 全卷分析, the report editor and the report's pages:
// the totals, the score-rate trend of the tasks beside the class's, the knowledge points'
// mastery (weakest first, as the server orders them), the tasks, and a class's score bands.

import { BarChart, LineChart } from '@mantine/charts';
import { Center, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatCards } from '@/components/stat-cards';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { badgeColumn, countColumn, dayColumn, linkColumn, textColumn } from '@/features/teaching/components/columns';
import { WholeList } from '@/features/teaching/components/whole-list';
import type { AnalysisTask } from '@/generated/AnalysisTask';
import type { AnalysisTotals } from '@/generated/AnalysisTotals';
import type { PaperAnalysis } from '@/generated/PaperAnalysis';
import type { PointMastery } from '@/generated/PointMastery';
import { formatAverage } from '@/lib/report-format';
import { pointLevelBadge, rateText, SCORE_BAND_LABELS } from '../analysis-dict';
import { studentBand, taskScore, trendPoints } from '../analysis-format';
import { fullVolumePath } from '../analysis-paths';

/** A chart under its title (a region); 暂无数据 when there is nothing to draw. */
export function ChartCard({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Title order={5} mb="xs">
        {title}
      </Title>
      {empty ? (
        <Center h={160}>
          <Text size="sm" c="dimmed">
            暂无数据
          </Text>
        </Center>
      ) : (
        children
      )}
    </Paper>
  );
}

/** The period's totals: the tasks and answers, and the wrong questions by state. */
export function TotalsCards({ totals, busy = false }: { totals: AnalysisTotals; busy?: boolean }) {
  return (
    <>
      <StatCards
        title="作业概况"
        busy={busy}
        items={[
          { label: '作业数', value: String(totals.taskCount) },
          { label: '作答题数', value: String(totals.answered) },
          { label: '正确率', value: rateText(totals.correctRate) },
          { label: '得分率', value: rateText(totals.scoreRate) },
          { label: '待批改', value: String(totals.toMark) },
        ]}
      />
      <StatCards
        title="错题情况"
        busy={busy}
        cols={{ base: 3 }}
        items={[
          { label: '待巩固', value: String(totals.wrongOpen) },
          { label: '已推送相似题', value: String(totals.wrongSent) },
          { label: '已掌握', value: String(totals.wrongMastered) },
        ]}
      />
    </>
  );
}

const TREND_SERIES = [
  { name: 'scoreRate', label: '本人得分率', color: 'blue.6' },
  { name: 'classRate', label: '班级得分率', color: 'gray.5' },
];

/** Each task's score rate, the student's beside the class's, oldest first. */
export function ScoreTrendChart({ tasks }: { tasks: readonly AnalysisTask[] }) {
  return (
    <ChartCard title="得分率走势" empty={!tasks.some((t) => t.scoreRate >= 0 || t.classRate >= 0)}>
      <LineChart
        h={240}
        data={trendPoints(tasks)}
        dataKey="task"
        series={TREND_SERIES}
        withLegend
        connectNulls
        curveType="linear"
        yAxisProps={{ domain: [0, 100] }}
        valueFormatter={(v) => rateText(v)}
      />
    </ChartCard>
  );
}

const MASTERY_COLUMNS: ListTableColumn<PointMastery>[] = [
  textColumn('name', '知识点', 200),
  countColumn('answered', '作答题次', 90),
  countColumn('correct', '答对', 80),
  textColumn('rate', '正确率', 90, (p) => rateText(p.rate)),
  badgeColumn('level', '掌握程度', (p) => pointLevelBadge(p.level), 100),
];

/** The knowledge points' mastery, weakest first. */
export function MasteryTable({ points, label = '知识点掌握' }: { points: PointMastery[]; label?: string }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={label}>
      <Title order={5} mb="xs">
        {label}
      </Title>
      <WholeList<PointMastery>
        label={label}
        storeKey="analysis-mastery"
        columns={MASTERY_COLUMNS}
        records={points}
        idAccessor="nodeId"
        rowLabel={(p) => p.name}
        noRecordsText="暂无已批改的知识点"
      />
    </Paper>
  );
}

function taskColumns(studentId: number): ListTableColumn<AnalysisTask>[] {
  return [
    dayColumn('createdAt', '布置日期', 110),
    linkColumn('name', '作业', (t) => fullVolumePath(t.taskId, studentId), 200),
    textColumn('className', '班级', 160),
    countColumn('questionCount', '题数', 70),
    countColumn('answered', '已作答', 80),
    countColumn('correct', '答对', 70),
    countColumn('toMark', '待批改', 80),
    textColumn('score', '得分', 90, taskScore),
    {
      ...textColumn<AnalysisTask>('scoreRate', '得分率', 90, (t) => rateText(t.scoreRate)),
      tooltip: '已批改题目的得分占这些题满分的比例（待批改的题不计）',
    },
    {
      ...textColumn<AnalysisTask>('classRate', '班级得分率', 110, (t) => rateText(t.classRate)),
      tooltip: '全班已批改题目的得分占这些题满分的比例',
    },
  ];
}

/** The period's tasks, each opening its whole-paper analysis. */
export function TasksTable({ tasks, studentId }: { tasks: AnalysisTask[]; studentId: number }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label="作业">
      <Title order={5} mb="xs">
        作业
      </Title>
      <WholeList<AnalysisTask>
        label="作业"
        storeKey="analysis-tasks"
        columns={taskColumns(studentId)}
        records={[...tasks].reverse()}
        idAccessor="taskId"
        rowLabel={(t) => t.name}
        noRecordsText="这段时间没有作业"
      />
    </Paper>
  );
}

/** The class's students in each score band. */
export function BandChart({ paper }: { paper: Pick<PaperAnalysis, 'bands' | 'rank' | 'score' | 'fullScore'> }) {
  const band = studentBand(paper);
  const data = SCORE_BAND_LABELS.map((label, i) => ({ band: label, count: paper.bands[i] ?? 0 }));
  return (
    <ChartCard title="班级分数段" empty={paper.bands.every((n) => n === 0)}>
      <BarChart h={220} data={data} dataKey="band" series={[{ name: 'count', label: '人数', color: 'blue.6' }]} />
      <Text size="sm" c="dimmed" mt="xs">
        分数段按得分占满分的比例划分
        {band === null ? '' : `；本人在「${SCORE_BAND_LABELS[band] ?? ''}」段`}
      </Text>
    </ChartCard>
  );
}

/** A paper's result beside the class's. */
export function PaperCards({ paper }: { paper: PaperAnalysis }) {
  const marked = paper.rank > 0;
  return (
    <StatCards
      title="成绩概况"
      busy={false}
      items={[
        { label: '得分', value: marked ? `${paper.score}/${paper.fullScore}` : `-/${paper.fullScore}` },
        { label: '班级人数', value: String(paper.classSize) },
        { label: '班级平均分', value: formatAverage(paper.classAverage) },
        { label: '班级最高分', value: paper.classSize > 0 ? String(paper.classMax) : '-' },
        { label: '班级排名', value: marked ? `${paper.rank}/${paper.classSize}` : '未批改' },
      ]}
    />
  );
}
