// 任务资源统计 (TaskResourceStatistics, ?campId=&taskId=): one task's figures and its members'
// records by status (server paging); 试卷统计 (PaperStatistics, same parameters): a question set's
// correct rate per question, as a chart and a table. Both pick the camp and the task (the working
// copy's; a task not yet published has no statistics) and follow the camp live.

import { Alert, Anchor, Group, Select, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { Limits } from '@/generated/codes';
import type { PhaseTask } from '@/generated/PhaseTask';
import type { QuestionStat } from '@/generated/QuestionStat';
import type { TaskMemberRow } from '@/generated/TaskMemberRow';
import { useCampEnums, useTaskMembers, useTaskSummary } from '../api/statistics';
import { campStatsPath, PAPER_STATISTICS, TASK_RESOURCE_STATISTICS, TRAINING_STATISTICS } from '../stats-paths';
import { codeOf, TASK_QUESTION_SET, taskSummaryItems } from '../stats-format';
import { useStatisticsLive } from '../use-statistics-live';
import { QuestionsChart } from './charts';
import { ProgressBadge } from './cells';
import { column, countColumn, instantColumn, rateColumn, scoreColumn, textColumn } from './columns';
import { Loading, NoCamp, Notice } from './notices';
import { useShownCamp, useShownTask, useStatsParams } from './use-pickers';
import { StatCards } from './stat-cards';

const PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;

const MEMBER_COLUMNS: ListTableColumn<TaskMemberRow>[] = [
  textColumn('studentName', '学员姓名', 120),
  textColumn('className', '班级', 150),
  column<TaskMemberRow>('status', '状态', 100, (m) => <ProgressBadge code={m.status} name={m.statusName} />),
  scoreColumn('score', '得分', 90),
  instantColumn('doneAt', '完成时间'),
];

const QUESTION_COLUMNS: ListTableColumn<QuestionStat>[] = [
  column<QuestionStat>('index', '题号', 80, (q) => `第${q.index}题`),
  textColumn('stem', '题目', 280),
  countColumn('answered', '作答人数'),
  countColumn('correct', '答对人数'),
  rateColumn('correctRate', '正确率'),
];

/** The members' records of the task, by status. */
function TaskMembers({ campId, taskId }: { campId: number; taskId: number }) {
  const statuses = useCampEnums().data?.progress ?? [];
  const [status, setStatus] = useState<string | null>(null);
  const [paging, setPaging] = useState({ status, pageNo: 1 });
  const pageNo = paging.status === status ? paging.pageNo : 1;
  const query = useTaskMembers({ campId, taskId, status: codeOf(status), pageNo, pageSize: PAGE_SIZE });
  const total = query.data?.total ?? 0;
  return (
    <Stack gap="xs" component="section" aria-label="学员完成情况">
      <Title order={5}>学员完成情况</Title>
      <Select
        size="xs"
        label="完成状态"
        placeholder="全部"
        clearable
        data={statuses.map((s) => ({ value: String(s.code), label: s.name }))}
        value={status}
        onChange={setStatus}
        w={140}
      />
      <ListTable<TaskMemberRow>
        label="学员完成情况"
        storeKey="camp-stats-task-members"
        columns={MEMBER_COLUMNS}
        records={query.data?.records ?? []}
        idAccessor="memberId"
        rowAttributes={(m) => ({ 'aria-label': m.studentName })}
        noRecordsText={query.isPending ? '加载中…' : '暂无学员'}
        fetching={query.isFetching}
        pinFirstColumn
      />
      <ListFooter
        page={pageNo}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        total={total}
        onPageChange={(next) => setPaging({ status, pageNo: next })}
      />
    </Stack>
  );
}

/** Links to the camp's statistics and the task's other page. */
function TaskLinks({ campId, task, paper }: { campId: number; task: PhaseTask; paper: boolean }) {
  return (
    <Group gap="md">
      <Anchor component={Link} size="sm" to={campStatsPath(TRAINING_STATISTICS, campId)}>
        返回学习营统计
      </Anchor>
      {paper ? (
        <Anchor component={Link} size="sm" to={campStatsPath(TASK_RESOURCE_STATISTICS, campId, task.taskId)}>
          学员完成情况
        </Anchor>
      ) : (
        task.taskType === TASK_QUESTION_SET && (
          <Anchor component={Link} size="sm" to={campStatsPath(PAPER_STATISTICS, campId, task.taskId)}>
            各题正确率
          </Anchor>
        )
      )}
    </Group>
  );
}

/** One task's statistics: its cards, then the members (or, for `paper`, the questions). */
function TaskStatistics({ campId, task, paper }: { campId: number; task: PhaseTask; paper: boolean }) {
  const summary = useTaskSummary({ campId, taskId: task.taskId });
  return (
    <Stack gap="lg">
      <TaskLinks campId={campId} task={task} paper={paper} />
      {summary.isError ? (
        <Alert color="orange" variant="light">
          {summary.error.message}
        </Alert>
      ) : (
        <>
          <StatCards
            title={`任务概览：${task.taskName}`}
            items={taskSummaryItems(summary.data)}
            busy={summary.isFetching}
          />
          {paper ? (
            <>
              <QuestionsChart questions={summary.data?.questions ?? []} />
              <ListTable<QuestionStat>
                label="各题统计"
                storeKey="camp-stats-questions"
                columns={QUESTION_COLUMNS}
                records={summary.data?.questions ?? []}
                idAccessor="index"
                rowAttributes={(q) => ({ 'aria-label': `第${q.index}题` })}
                noRecordsText={summary.isPending ? '加载中…' : '暂无题目'}
                fetching={summary.isFetching}
                pinFirstColumn
              />
            </>
          ) : (
            <TaskMembers campId={campId} taskId={task.taskId} />
          )}
        </>
      )}
    </Stack>
  );
}

function noTaskText(asked: boolean, paper: boolean): string {
  if (asked) return paper ? '该任务不是题集或已删除' : '该任务不存在或已删除';
  return paper ? '该学习营暂无题集' : '该学习营暂无任务';
}

function TaskPage({ title, paper }: { title: string; paper: boolean }) {
  const params = useStatsParams();
  const shown = useShownCamp(params.campId, params.setCamp);
  const campId = shown.camp?.campId ?? null;
  const task = useShownTask(
    campId,
    params.taskId,
    (taskId) => {
      if (campId !== null) params.setTask(campId, taskId);
    },
    paper,
  );
  useStatisticsLive(campId);
  let body;
  if (shown.pending || task.pending) body = <Loading />;
  else if (campId === null) body = <NoCamp asked={params.campId} />;
  else if (task.task === null) body = <Notice>{noTaskText(params.taskId !== null, paper)}</Notice>;
  else body = <TaskStatistics key={`${campId}-${task.task.taskId}`} campId={campId} task={task.task} paper={paper} />;
  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      <Group gap="md" align="flex-end">
        {shown.picker}
        {campId !== null && task.picker}
      </Group>
      {body}
    </Stack>
  );
}

export function TaskResourceStatistics({ title }: { title: string }) {
  return <TaskPage title={title} paper={false} />;
}

export function PaperStatistics({ title }: { title: string }) {
  return <TaskPage title={title} paper />;
}
