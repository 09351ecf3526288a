import { Anchor, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { MathText } from '@/components/math-text';
import { StatCards } from '@/components/stat-cards';
import { countColumn, instantColumn, textColumn } from '@/features/teaching/components/columns';
import { Loading, NotLoaded } from '@/features/teaching/components/loading';
import type { LessonTask } from '@/generated/LessonTask';
import type { TaskStudentSummary } from '@/generated/TaskStudentSummary';
import { formatAverage, formatDay, formatDcRate } from '@/lib/report-format';
import { answerSheetQueryOptions, useSummaryInfo } from '../api/answers';
import { useHasAnswerList } from '../api/task-lists';
import { useTaskDetail } from '../api/tasks';
import { type QuestionStat, questionStats } from '../question-stats';
import { taskIdOf, teacherCorrectPath } from '../task-paths';

/**
 * 试卷分析 (/easyCorrect/paperAnalysis?taskId=): a task chosen from my tasks with answers; its
 * totals (average score, accuracy, students who answered), each student's score, and each
 * question's accuracy.
 */
export function PaperAnalysis({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const taskId = taskIdOf(params);
  const tasks = useHasAnswerList();
  const options = (tasks.data ?? []).map((t) => ({
    value: String(t.taskId),
    label: `${t.name}（${t.className} · ${formatDay(t.lessonTime)}）`,
  }));
  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      <Select
        label="任务"
        placeholder={tasks.isPending ? '加载中…' : options.length === 0 ? '暂无有作答的任务' : '选择一个任务'}
        searchable
        data={options}
        value={taskId === null ? null : String(taskId)}
        onChange={(value) => setParams(value ? { taskId: value } : {})}
        maw={520}
      />
      {taskId !== null && <TaskAnalysis key={taskId} taskId={taskId} />}
    </Stack>
  );
}

function TaskAnalysis({ taskId }: { taskId: number }) {
  const task = useTaskDetail(taskId);
  if (task.isPending) return <Loading />;
  if (task.isError) return <NotLoaded text={task.error.message || '任务不存在或无权查看'} />;
  return <Analysis task={task.data} />;
}

const STUDENT_COLUMNS: ListTableColumn<TaskStudentSummary>[] = [
  textColumn('studentName', '学生', 100),
  textColumn('studentCode', '学员编号', 130),
  textColumn('score', '得分', 90, (r) => (r.answered > 0 ? `${r.score}/${r.totalScore}` : '未作答')),
  countColumn('right', '对', 60),
  countColumn('wrong', '错', 60),
  countColumn('toMark', '待批改', 80),
  textColumn('accuracy', '正确率', 90, (r) => formatDcRate(r.accuracy)),
  instantColumn('answerTime', '作答时间'),
];

const QUESTION_COLUMNS: ListTableColumn<QuestionStat>[] = [
  { accessor: 'position', title: '题号', width: 60, render: (s) => s.question.position },
  { accessor: 'type', title: '题型', width: 80, render: (s) => s.question.question.typeName },
  {
    accessor: 'stem',
    title: '题干',
    width: 320,
    render: (s) => <MathText text={s.question.question.stem} component="div" />,
  },
  { accessor: 'score', title: '分值', width: 60, render: (s) => s.question.score },
  countColumn('answered', '作答人数', 90),
  countColumn('right', '对', 60),
  countColumn('wrong', '错', 60),
  countColumn('toMark', '待批改', 80),
  textColumn('accuracy', '正确率', 90, (s) => formatDcRate(s.accuracy)),
  textColumn('averageScore', '平均得分', 90, (s) => formatAverage(s.averageScore)),
];

function Analysis({ task }: { task: LessonTask }) {
  const summary = useSummaryInfo(task.taskId);
  const answered = (summary.data?.students ?? []).filter((s) => s.answered > 0);
  // Per-question accuracy is computed in the client from the stored sheets of the students who
  // answered (one task/answer/sheet each): no server call gives it.
  const sheets = useQueries({
    queries: answered.map((s) => answerSheetQueryOptions(task.taskId, s.studentId)),
    combine: (results) => ({
      sheets: results.flatMap((r) => (r.data ? [r.data] : [])),
      pending: results.some((r) => r.isPending),
      fetching: results.some((r) => r.isFetching),
    }),
  });
  const s = summary.data;
  const stats = questionStats(task, sheets.sheets);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={600}>
          {task.name} · {task.className}
        </Text>
        <Anchor component={Link} to={teacherCorrectPath(task.taskId)} size="sm">
          去批改
        </Anchor>
      </Group>
      <StatCards
        title="整体情况"
        busy={summary.isFetching}
        cols={{ base: 2, sm: 4, lg: 7 }}
        items={[
          { label: '题数', value: String(task.questions.length) },
          { label: '总分', value: String(task.totalScore) },
          { label: '学生数', value: s ? String(s.studentCount) : '-' },
          { label: '已作答', value: s ? String(s.answeredStudents) : '-' },
          { label: '待批改', value: s ? String(s.toMark) : '-' },
          { label: '平均分', value: s ? formatAverage(s.averageScore) : '-' },
          { label: '正确率', value: s ? formatDcRate(s.accuracy) : '-' },
        ]}
      />
      <Stack gap="xs">
        <Title order={5}>学生成绩</Title>
        <ListTable<TaskStudentSummary>
          label="学生成绩"
          storeKey="lesson-task-analysis-students"
          columns={STUDENT_COLUMNS}
          records={s?.students ?? []}
          idAccessor="studentId"
          rowAttributes={(r) => ({ 'aria-label': r.studentName })}
          noRecordsText={summary.isPending ? '加载中…' : '暂无学生'}
          fetching={summary.isFetching}
          pinFirstColumn
        />
      </Stack>
      <Stack gap="xs">
        <Title order={5}>各题正确率</Title>
        <Text size="xs" c="dimmed">
          由已作答学生的答题卡统计；正确率为已批改作答中答对的比例。
        </Text>
        <ListTable<QuestionStat>
          label="各题正确率"
          storeKey="lesson-task-analysis-questions"
          columns={QUESTION_COLUMNS}
          records={stats}
          idAccessor={(q) => q.question.question.questionId}
          rowAttributes={(q) => ({ 'aria-label': `第${q.question.position}题` })}
          noRecordsText="暂无题目"
          fetching={summary.isPending || sheets.pending || sheets.fetching}
          pinFirstColumn
        />
      </Stack>
    </Stack>
  );
}
