import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { paperAnalysisPath } from '@/features/lesson-task/task-paths';
import { useHasAnswerPage } from '@/features/lesson-task/api/task-lists';
import { actionColumn, countColumn, instantColumn, ratio, textColumn } from '@/features/teaching/components/columns';
import { PagedTable } from '@/features/teaching/components/paged-table';
import { usePageNo } from '@/features/teaching/use-page-no';
import { Limits } from '@/generated/codes';
import type { HasAnswerTask } from '@/generated/HasAnswerTask';
import type { WrongStudentSummary } from '@/generated/WrongStudentSummary';
import { formatUsageRate } from '@/lib/report-format';
import { useWrongStudents } from '../api/wrong-questions';
import { examAnalysisPath, notebookPath } from '../insight-paths';

const PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;

const TASK_COLUMNS: ListTableColumn<HasAnswerTask>[] = [
  textColumn('name', '任务', 220),
  textColumn('lessonTitle', '课次', 120),
  instantColumn('lessonTime', '上课时间'),
  textColumn('answeredStudents', '已作答', 90, (t) => ratio(t.answeredStudents, t.studentCount)),
  countColumn('toMark', '待批改', 80),
  textColumn('accuracy', '正确率', 90, (t) => formatUsageRate(t.accuracy)),
  actionColumn(
    (t) => (
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to={examAnalysisPath(t.taskId)} size="sm">
          知识点
        </Anchor>
        <Anchor component={Link} to={paperAnalysisPath(t.taskId)} size="sm">
          各题
        </Anchor>
      </Group>
    ),
    110,
  ),
];

/** The class's tasks with answers in, newest lesson first (lesson/report/hasAnswer/list/v2). */
export function ClassTasks({ classId }: { classId: number }) {
  const [pageNo, setPageNo] = usePageNo(String(classId));
  const query = useHasAnswerPage({ classId, pageNo, pageSize: PAGE_SIZE });
  return (
    <Stack gap="xs" component="section" aria-label="任务表现">
      <Title order={5}>任务表现</Title>
      <PagedTable<HasAnswerTask>
        label="任务表现"
        storeKey="learning-insight-tasks"
        columns={TASK_COLUMNS}
        query={query}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        idAccessor="taskId"
        rowLabel={(t) => t.name}
        noRecordsText="该班级还没有学生作答的任务"
      />
    </Stack>
  );
}

function studentColumns(classId: number): ListTableColumn<WrongStudentSummary>[] {
  return [
    textColumn('studentName', '学生', 100),
    textColumn('studentCode', '学员编号', 130),
    countColumn('total', '错题', 70),
    countColumn('open', '待巩固', 80),
    countColumn('sent', '已推送相似题', 110),
    countColumn('mastered', '已掌握', 80),
    instantColumn('lastWrongTime', '最近出错'),
    actionColumn(
      (s) => (
        <Anchor component={Link} to={notebookPath(classId, s.studentId)} size="sm">
          错题本
        </Anchor>
      ),
      90,
    ),
  ];
}

/** The class's students with their wrong questions counted (wrongQuestion/task/studentSummaryInfo). */
export function ClassStudents({ classId }: { classId: number }) {
  const students = useWrongStudents(classId);
  return (
    <Stack gap="xs" component="section" aria-label="学生学情">
      <Title order={5}>学生学情</Title>
      <ListTable<WrongStudentSummary>
        label="学生学情"
        storeKey="learning-insight-students"
        columns={studentColumns(classId)}
        records={students.data ?? []}
        idAccessor="studentId"
        rowAttributes={(s) => ({ 'aria-label': s.studentName })}
        noRecordsText={students.isPending ? '加载中…' : students.isError ? students.error.message : '该班级暂无学生'}
        fetching={students.isFetching}
        pinFirstColumn
      />
    </Stack>
  );
}
