import { Stack, Text } from '@mantine/core';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import type { ScheduleLesson } from '@/generated/ScheduleLesson';
import { lessonTimeText } from '../calendar';
import { lessonSummary, summaryState } from '../record-summary';
import { classTypeName, lessonStatusBadge } from '../teaching-dict';
import { lessonPath } from '../teaching-paths';
import { badgeColumn, countColumn, linkColumn, ratio, textColumn } from './columns';

const COLUMNS: ListTableColumn<ScheduleLesson>[] = [
  textColumn('startTime', '上课时间', 220, (l) => lessonTimeText(l.startTime, l.endTime)),
  linkColumn(
    'title',
    '课次',
    (l) => lessonPath(l),
    160,
    (l) => summaryState(lessonSummary(l)),
  ),
  textColumn('className', '班级', 200),
  textColumn('classType', '类型', 90, (l) => classTypeName(l.classType)),
  textColumn('subjectName', '学科', 90),
  textColumn('teacherName', '老师', 100),
  badgeColumn('status', '状态', (l) => lessonStatusBadge(l.status, l.statusName)),
  countColumn('studentCount', '学生数'),
  textColumn('presentCount', '到课', 100, (l) => (l.status === 1 ? ratio(l.presentCount, l.studentCount) : '-')),
  textColumn('submittedCount', '反馈已提交', 110, (l) => (l.online ? '-' : ratio(l.submittedCount, l.reportCount))),
];

/** The lessons of the span as a list, in time order. */
export function ScheduleList({ lessons, fetching }: { lessons: ScheduleLesson[]; fetching: boolean }) {
  return (
    <Stack gap="xs">
      <ListTable<ScheduleLesson>
        label="课表列表"
        storeKey="teaching-schedule-list"
        columns={COLUMNS}
        records={[...lessons].sort((a, b) => a.startTime - b.startTime)}
        idAccessor={(l) => `${l.online ? 'o' : 'f'}${l.id}`}
        rowAttributes={(l) => ({ 'aria-label': `${l.className} ${l.title}` })}
        noRecordsText="暂无课程"
        fetching={fetching}
        pinFirstColumn
      />
      <Text size="xs" c="dimmed">
        共 {lessons.length} 条
      </Text>
    </Stack>
  );
}
