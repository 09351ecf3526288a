// The columns of a class's students and lessons, shared by the class's page and its reports.

import type { ListTableColumn } from '@/components/data-table/list-table';
import type { ClassStudent } from '@/generated/ClassStudent';
import type { ScheduleLesson } from '@/generated/ScheduleLesson';
import { formatDay } from '@/lib/report-format';
import { lessonTimeText } from '../calendar';
import { lessonSummary, summaryState } from '../record-summary';
import { LESSON_HELD, lessonStatusBadge } from '../teaching-dict';
import { attendanceRate } from '../teaching-format';
import { lessonPath, studentPath } from '../teaching-paths';
import { badgeColumn, countColumn, dayColumn, linkColumn, ratio, textColumn } from './columns';

/** A class's students: their place in it, attendance of the held lessons and reports. */
export const CLASS_STUDENT_COLUMNS: ListTableColumn<ClassStudent>[] = [
  textColumn('studentCode', '学员编号', 130),
  linkColumn('studentName', '学员姓名', (s) => studentPath(s.studentId), 110),
  textColumn('gradeName', '年级', 80),
  dayColumn('joinedTime', '入班日期'),
  textColumn('leftTime', '退班日期', 120, (s) => (s.leftTime > 0 ? formatDay(s.leftTime) : '在班')),
  countColumn('dueLessons', '应到课次'),
  countColumn('present', '出勤'),
  countColumn('late', '迟到'),
  countColumn('absent', '缺勤'),
  countColumn('leave', '请假'),
  {
    ...textColumn<ClassStudent>('present', '出勤率', 100, attendanceRate),
    accessor: 'attendanceRate',
    tooltip: '（出勤 + 迟到）÷ 应到课次',
  },
  textColumn('submittedCount', '反馈已提交', 110, (s) => ratio(s.submittedCount, s.reportCount)),
];

/** A class's lessons: when, who, state, attendance and reports. */
export const CLASS_LESSON_COLUMNS: ListTableColumn<ScheduleLesson>[] = [
  textColumn('lessonNo', '序号', 80),
  linkColumn(
    'title',
    '课次',
    (l) => lessonPath(l),
    160,
    (l) => summaryState(lessonSummary(l)),
  ),
  textColumn('startTime', '上课时间', 220, (l) => lessonTimeText(l.startTime, l.endTime)),
  textColumn('teacherName', '老师', 100),
  badgeColumn('status', '状态', (l) => lessonStatusBadge(l.status, l.statusName)),
  textColumn('presentCount', '到课/学生', 110, (l) =>
    l.status === LESSON_HELD ? ratio(l.presentCount, l.studentCount) : String(l.studentCount),
  ),
  textColumn('submittedCount', '反馈已提交', 110, (l) => ratio(l.submittedCount, l.reportCount)),
];
