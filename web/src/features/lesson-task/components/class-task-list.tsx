import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ListTableColumn } from '@/components/data-table/list-table';
import {
  actionColumn,
  badgeColumn,
  countColumn,
  instantColumn,
  linkColumn,
  ratio,
  textColumn,
} from '@/features/teaching/components/columns';
import { PagedTable } from '@/features/teaching/components/paged-table';
import { usePageNo } from '@/features/teaching/use-page-no';
import { Limits } from '@/generated/codes';
import type { HasAnswerTask } from '@/generated/HasAnswerTask';
import { formatDcRate } from '@/lib/report-format';
import { useClassTaskPage } from '../api/task-lists';
import { taskStatusBadge } from '../task-dict';
import { paperAnalysisPath, teacherCorrectPath } from '../task-paths';

const PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;

const COLUMNS: ListTableColumn<HasAnswerTask>[] = [
  linkColumn('name', '任务名称', (t) => teacherCorrectPath(t.taskId), 220),
  textColumn('lessonTitle', '课次', 120),
  instantColumn('lessonTime', '上课时间'),
  badgeColumn('status', '状态', (t) => taskStatusBadge(t.status), 90),
  textColumn('answeredStudents', '已作答/学生', 110, (t) => ratio(t.answeredStudents, t.studentCount)),
  countColumn('toMark', '待批改', 80),
  {
    ...textColumn<HasAnswerTask>('accuracy', '正确率', 90, (t) => formatDcRate(t.accuracy)),
    tooltip: '已批改答案中答对的比例',
  },
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

/**
 * A class's lesson tasks for its reports: every task set for the class, answered or not, newest
 * lesson first, page by page (POST /api/task/class/list).
 */
export function ClassTaskList({ classId }: { classId: number }) {
  const [pageNo, setPageNo] = usePageNo(String(classId));
  const query = useClassTaskPage({ classId, pageNo, pageSize: PAGE_SIZE });
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        本班布置的全部课后任务（含尚无作答的），最近的课次在前。
      </Text>
      <PagedTable<HasAnswerTask>
        label="课后任务"
        storeKey="class-report-tasks"
        columns={COLUMNS}
        query={query}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        idAccessor="taskId"
        rowLabel={(t) => t.name}
        noRecordsText="暂无课后任务"
      />
    </Stack>
  );
}
