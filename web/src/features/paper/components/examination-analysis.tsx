import { Anchor, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { DateRangeField } from '@/components/ui/date-range-field';
import { useHasAnswerList, useHasAnswerPage } from '@/features/lesson-task/api/task-lists';
import { useTaskDetail } from '@/features/lesson-task/api/tasks';
import { taskStatusBadge } from '@/features/lesson-task/task-dict';
import { paperAnalysisPath, taskIdOf } from '@/features/lesson-task/task-paths';
import { lessonTimeBounds } from '@/features/lesson-task/task-search';
import { actionColumn, badgeColumn, instantColumn, ratio, textColumn } from '@/features/teaching/components/columns';
import { Loading, NotLoaded } from '@/features/teaching/components/loading';
import { PagedTable } from '@/features/teaching/components/paged-table';
import { usePageNo } from '@/features/teaching/use-page-no';
import { Limits } from '@/generated/codes';
import type { HasAnswerRequest } from '@/generated/HasAnswerRequest';
import type { HasAnswerTask } from '@/generated/HasAnswerTask';
import { dateRangeError, type DayRange } from '@/lib/day-range';
import { formatCount, formatText, formatUsageRate } from '@/lib/report-format';
import { KnowledgeAnalysis } from './knowledge-analysis';
import { KnowledgeHeatMap } from './knowledge-heat-map';

const PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;

/** This page with a task's analysis open. */
const analysisSearch = (taskId: number) => `?taskId=${taskId}`;

const TASK_COLUMNS: ListTableColumn<HasAnswerTask>[] = [
  textColumn('name', '考试/任务', 220),
  textColumn('className', '班级', 160),
  textColumn('lessonTitle', '课次', 120),
  instantColumn('lessonTime', '上课时间'),
  badgeColumn('status', '状态', (t) => taskStatusBadge(t.status), 90),
  textColumn('answeredStudents', '已作答', 90, (t) => ratio(t.answeredStudents, t.studentCount)),
  textColumn('accuracy', '正确率', 90, (t) => formatUsageRate(t.accuracy)),
  actionColumn(
    (t) => (
      <Anchor component={Link} to={{ search: analysisSearch(t.taskId) }} size="sm" aria-label={`分析：${t.name}`}>
        知识点分析
      </Anchor>
    ),
    110,
  ),
];

/**
 * 考试分析 (/knowledgeSelection/examinationAnalysisList): my lesson tasks (the papers my students
 * answered) with answers in, by class and lesson days, page by page (lesson/report/hasAnswer/list,
 * /v2); with `?taskId=` one task analysed by knowledge point — each point's share of the paper and
 * score rate (exam/analysis/paperByKnowledge) and every student's rate on every point
 * (exam/analysis/heatMapByKnowledge).
 */
export function ExaminationAnalysis({ title }: { title: string }) {
  const [params] = useSearchParams();
  const taskId = taskIdOf(params);
  const asked = params.get('taskId');
  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      {taskId !== null ? (
        <TaskAnalysis key={taskId} taskId={taskId} />
      ) : asked !== null ? (
        <Stack gap="xs">
          <NotLoaded text="链接中的任务编号无效。" />
          <BackToList />
        </Stack>
      ) : (
        <AnalysedTasks />
      )}
    </Stack>
  );
}

function BackToList() {
  return (
    <Anchor component={Link} to={{ search: '' }} size="sm">
      返回考试列表
    </Anchor>
  );
}

function AnalysedTasks() {
  const classes = useHasAnswerList();
  const [classId, setClassId] = useState<string | null>(null);
  const [range, setRange] = useState<DayRange | null>(null);
  const rangeError = dateRangeError(range);
  const search: HasAnswerRequest = {
    classId: classId ? Number(classId) : undefined,
    ...(rangeError ? {} : lessonTimeBounds(range)),
  };
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(search));
  const query = useHasAnswerPage({ ...search, pageNo, pageSize: PAGE_SIZE });
  const classOptions = [
    ...new Map((classes.data ?? []).map((t) => [t.classId, { value: String(t.classId), label: t.className }])).values(),
  ];
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" role="search" aria-label="筛选条件">
        <Select
          size="xs"
          label="班级"
          placeholder="全部"
          clearable
          data={classOptions}
          value={classId}
          onChange={setClassId}
          w={180}
        />
        <DateRangeField value={range} error={rangeError} onChange={setRange} />
      </Group>
      <PagedTable<HasAnswerTask>
        label="考试列表"
        storeKey="exam-analysis-tasks"
        columns={TASK_COLUMNS}
        query={query}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        idAccessor="taskId"
        rowLabel={(t) => t.name}
        noRecordsText="暂无有作答的考试或任务"
      />
    </Stack>
  );
}

function TaskAnalysis({ taskId }: { taskId: number }) {
  const task = useTaskDetail(taskId);
  if (task.isPending) return <Loading />;
  if (task.isError)
    return (
      <Stack gap="xs">
        <NotLoaded text={task.error.message || '任务不存在或无权查看'} />
        <BackToList />
      </Stack>
    );
  const t = task.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Text fw={600}>{t.name}</Text>
          <Text size="sm" c="dimmed">
            {formatText(t.className)} · {formatCount(t.questions.length)} 题 · 总分 {formatCount(t.totalScore)}
          </Text>
        </div>
        <Group gap="md">
          <Anchor component={Link} to={paperAnalysisPath(taskId)} size="sm">
            各题正确率
          </Anchor>
          <BackToList />
        </Group>
      </Group>
      <KnowledgeAnalysis taskId={taskId} />
      <KnowledgeHeatMap taskId={taskId} />
    </Stack>
  );
}
