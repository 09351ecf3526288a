import { Anchor, Button, Checkbox, Drawer, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CellBadge } from '@/components/data-table/cell-badge';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { StatCards } from '@/components/stat-cards';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { DateRangeField } from '@/components/ui/date-range-field';
import {
  actionColumn,
  badgeColumn,
  countColumn,
  instantColumn,
  linkColumn,
  ratio,
  textColumn,
} from '@/features/teaching/components/columns';
import { Loading, NotLoaded } from '@/features/teaching/components/loading';
import { PagedTable } from '@/features/teaching/components/paged-table';
import { usePageNo } from '@/features/teaching/use-page-no';
import { Limits } from '@/generated/codes';
import type { HasAnswerRequest } from '@/generated/HasAnswerRequest';
import type { HasAnswerTask } from '@/generated/HasAnswerTask';
import type { LessonTask } from '@/generated/LessonTask';
import type { TaskStudentSummary } from '@/generated/TaskStudentSummary';
import { dateRangeError, type DayRange } from '@/lib/day-range';
import { formatAverage, formatDcRate } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useClassGroups, useSummaryInfo } from '../api/answers';
import { useHasAnswerList, useHasAnswerPage } from '../api/task-lists';
import { useCloseTask, useTaskDetail } from '../api/tasks';
import { groupColor, TASK_STATUS, taskStatusBadge } from '../task-dict';
import { markAnswerPath, paperAnalysisPath, taskIdOf, teacherCorrectPath } from '../task-paths';
import { lessonTimeBounds } from '../task-search';
import { StudentSheet } from './student-sheet';

const PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;

/**
 * 教师批改 (/easyCorrect/teacherCorrect): my lesson tasks with answers in, filtered by class, lesson
 * days and answers left to mark, page by page; with `?taskId=` one task: its students in groups,
 * their results, each student's sheet to read and mark, and 关闭作答.
 */
export function TeacherCorrect({ title }: { title: string }) {
  const taskId = taskIdOf(useSearchParams()[0]);
  return taskId ? <TaskCorrect key={taskId} taskId={taskId} /> : <TasksWithAnswers title={title} />;
}

const TASK_COLUMNS: ListTableColumn<HasAnswerTask>[] = [
  linkColumn('name', '任务名称', (t) => teacherCorrectPath(t.taskId), 220),
  textColumn('className', '班级', 160),
  textColumn('lessonTitle', '课次', 120),
  instantColumn('lessonTime', '上课时间'),
  badgeColumn('status', '状态', (t) => taskStatusBadge(t.status), 90),
  textColumn('answeredStudents', '已作答', 90, (t) => ratio(t.answeredStudents, t.studentCount)),
  countColumn('toMark', '待批改', 80),
  textColumn('accuracy', '正确率', 90, (t) => formatDcRate(t.accuracy)),
  actionColumn(
    (t) => (
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to={teacherCorrectPath(t.taskId)} size="sm">
          批改
        </Anchor>
        <Anchor component={Link} to={paperAnalysisPath(t.taskId)} size="sm">
          分析
        </Anchor>
      </Group>
    ),
    110,
  ),
];

function TasksWithAnswers({ title }: { title: string }) {
  const classes = useHasAnswerList();
  const [classId, setClassId] = useState<string | null>(null);
  const [range, setRange] = useState<DayRange | null>(null);
  const [toMark, setToMark] = useState(false);
  const rangeError = dateRangeError(range);
  const search: HasAnswerRequest = {
    classId: classId ? Number(classId) : undefined,
    ...(rangeError ? {} : lessonTimeBounds(range)),
    toMark: toMark || undefined,
  };
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(search));
  const query = useHasAnswerPage({ ...search, pageNo, pageSize: PAGE_SIZE });
  const classOptions = [
    ...new Map((classes.data ?? []).map((t) => [t.classId, { value: String(t.classId), label: t.className }])).values(),
  ];
  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
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
        <Checkbox
          size="xs"
          label="只看待批改"
          checked={toMark}
          onChange={(e) => setToMark(e.currentTarget.checked)}
          mb={6}
        />
      </Group>
      <PagedTable<HasAnswerTask>
        label="有作答的任务"
        storeKey="lesson-task-has-answer"
        columns={TASK_COLUMNS}
        query={query}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        idAccessor="taskId"
        rowLabel={(t) => t.name}
        noRecordsText="暂无有作答的任务"
      />
    </Stack>
  );
}

function TaskCorrect({ taskId }: { taskId: number }) {
  const detail = useTaskDetail(taskId);
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <NotLoaded text={detail.error.message || '任务不存在或无权查看'} />;
  return <TaskPage task={detail.data} />;
}

function TaskPage({ task }: { task: LessonTask }) {
  const summary = useSummaryInfo(task.taskId);
  const groups = useClassGroups(task.lessonId > 0 ? task.lessonId : null);
  const close = useCloseTask();
  const [closing, setClosing] = useState(false);
  const [student, setStudent] = useState<{ id: number; name: string } | null>(null);
  const status = taskStatusBadge(task.status);
  const s = summary.data;

  const columns: ListTableColumn<TaskStudentSummary>[] = [
    textColumn('studentName', '学生', 100),
    textColumn('studentCode', '学员编号', 130),
    textColumn('score', '得分', 90, (r) => `${r.score}/${r.totalScore}`),
    countColumn('right', '对', 60),
    countColumn('wrong', '错', 60),
    countColumn('toMark', '待批改', 80),
    textColumn('accuracy', '正确率', 90, (r) => formatDcRate(r.accuracy)),
    instantColumn('answerTime', '作答时间'),
    actionColumn(
      (r) => (
        <Button size="compact-sm" variant="subtle" onClick={() => setStudent({ id: r.studentId, name: r.studentName })}>
          查看作答
        </Button>
      ),
      100,
    ),
  ];

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={4}>{task.name}</Title>
          <CellBadge color={status.color} text={status.text} />
        </Group>
        <Group gap="sm">
          <Anchor component={Link} to={teacherCorrectPath()} size="sm">
            返回列表
          </Anchor>
          <Anchor component={Link} to={paperAnalysisPath(task.taskId)} size="sm">
            试卷分析
          </Anchor>
          <Anchor component={Link} to={markAnswerPath()} size="sm">
            标注答案
          </Anchor>
          {task.status === TASK_STATUS.open && (
            <Button size="xs" color="red" variant="light" onClick={() => setClosing(true)}>
              关闭作答
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {task.className} · {task.questions.length} 题 · 总分 {task.totalScore}
      </Text>
      <StatCards
        title="作答概况"
        busy={summary.isFetching}
        items={[
          { label: '学生数', value: s ? String(s.studentCount) : '-' },
          { label: '已作答', value: s ? String(s.answeredStudents) : '-' },
          { label: '待批改', value: s ? String(s.toMark) : '-' },
          { label: '平均分', value: s ? formatAverage(s.averageScore) : '-' },
          { label: '正确率', value: s ? formatDcRate(s.accuracy) : '-' },
        ]}
      />
      {groups.data && (
        <section aria-label="学生分组">
          <Title order={5} mb="xs">
            学生分组
          </Title>
          <Group align="flex-start" gap="sm">
            {groups.data.groups.map((g) => (
              <Paper key={g.code} withBorder p="sm" miw={200} role="group" aria-label={g.name}>
                <Group gap={6} mb={6}>
                  <CellBadge color={groupColor(g.code)} text={g.name} />
                  <Text size="xs" c="dimmed">
                    {g.students.length} 人
                  </Text>
                </Group>
                <Group gap={4}>
                  {g.students.length === 0 && (
                    <Text size="xs" c="dimmed">
                      无
                    </Text>
                  )}
                  {g.students.map((st) => (
                    <Button
                      key={st.studentId}
                      size="compact-xs"
                      variant="light"
                      color={groupColor(g.code)}
                      onClick={() => setStudent({ id: st.studentId, name: st.studentName })}
                    >
                      {st.studentName}
                    </Button>
                  ))}
                </Group>
              </Paper>
            ))}
          </Group>
        </section>
      )}
      <Stack gap="xs">
        <Title order={5}>学生成绩</Title>
        <ListTable<TaskStudentSummary>
          label="学生成绩"
          storeKey="lesson-task-students"
          columns={columns}
          records={s?.students ?? []}
          idAccessor="studentId"
          rowAttributes={(r) => ({ 'aria-label': r.studentName })}
          noRecordsText={summary.isPending ? '加载中…' : '暂无学生'}
          fetching={summary.isFetching}
          pinFirstColumn
          pinLastColumn
        />
      </Stack>
      <Drawer
        opened={student !== null}
        onClose={() => setStudent(null)}
        title={student ? `${student.name} 的作答` : ''}
        position="right"
        size="xl"
      >
        {student && <StudentSheet key={student.id} task={task} studentId={student.id} />}
      </Drawer>
      <ConfirmModal
        opened={closing}
        title="关闭作答"
        message="关闭后不能再录入答案，已录入的答案仍可批改。确定关闭吗？"
        confirmLabel="关闭作答"
        busy={close.isPending}
        onClose={() => setClosing(false)}
        onConfirm={() =>
          close.mutate(task.taskId, {
            onSuccess: () => {
              setClosing(false);
              showSuccess('已关闭作答');
            },
          })
        }
      />
    </Stack>
  );
}
