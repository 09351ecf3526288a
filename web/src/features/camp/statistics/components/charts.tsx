import { BarChart, LineChart } from '@mantine/charts';
import { Center, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CampDay } from '@/generated/CampDay';
import type { QuestionStat } from '@/generated/QuestionStat';
import { dayPoints, formatCampRate, questionPoints } from '../stats-format';

/** A chart under its title (a region); '暂无数据' when there is nothing to draw. */
function ChartCard({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Title order={5} mb="xs">
        {title}
      </Title>
      {empty ? (
        <Center h={200}>
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

const DAY_SERIES = [
  { name: 'doneCount', label: '完成任务次数', color: 'blue.6' },
  { name: 'activeMembers', label: '活跃学员数', color: 'teal.6' },
];

/** Each day's tasks done and members active, from the first join to today. */
export function DaysChart({ days }: { days: readonly CampDay[] }) {
  return (
    <ChartCard title="每日学习情况" empty={days.length === 0}>
      <LineChart h={260} data={dayPoints(days)} dataKey="day" series={DAY_SERIES} withLegend curveType="linear" />
    </ChartCard>
  );
}

/** A question set's correct rate per question. */
export function QuestionsChart({ questions }: { questions: readonly QuestionStat[] }) {
  return (
    <ChartCard title="各题正确率" empty={questions.length === 0}>
      <BarChart
        h={260}
        data={questionPoints(questions)}
        dataKey="question"
        series={[{ name: 'correctRate', label: '正确率', color: 'teal.6' }]}
        yAxisProps={{ domain: [0, 100] }}
        // The formatter writes the percent sign: no `unit`, which recharts and the tooltip append.
        valueFormatter={(v) => formatCampRate(v / 100)}
      />
    </ChartCard>
  );
}
