import { Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { CellBadge } from '@/components/data-table/cell-badge';
import type { ListTableColumn } from '@/components/data-table/list-table';
import type { ClassDetail as ClassDetailData } from '@/generated/ClassDetail';
import type { ClassStudent } from '@/generated/ClassStudent';
import type { ScheduleLesson } from '@/generated/ScheduleLesson';
import { formatDay } from '@/lib/report-format';
import { useClassDetail } from '../api/classes';
import { lessonTimeText } from '../calendar';
import { lessonSummary, summaryState } from '../record-summary';
import { lessonStatusBadge } from '../teaching-dict';
import { attendanceRate } from '../teaching-format';
import { lessonPath, studentPath } from '../teaching-paths';
import { badgeColumn, countColumn, dayColumn, linkColumn, ratio, textColumn } from './columns';
import { FactsCard } from './facts';
import { Loading, NotLoaded } from './loading';
import { WholeList } from './whole-list';

const STUDENT_COLUMNS: ListTableColumn<ClassStudent>[] = [
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

const LESSON_COLUMNS: ListTableColumn<ScheduleLesson>[] = [
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
    l.status === 1 ? ratio(l.presentCount, l.studentCount) : String(l.studentCount),
  ),
  textColumn('submittedCount', '反馈已提交', 110, (l) => ratio(l.submittedCount, l.reportCount)),
];

type ClassTab = 'students' | 'lessons';

/** The class's facts, its students and its lessons. */
export function ClassView({ detail }: { detail: ClassDetailData }) {
  const [tab, setTab] = useState<ClassTab>('students');
  const c = detail.class;
  return (
    <Stack gap="md">
      <FactsCard
        title={c.name}
        badges={
          <CellBadge color={c.nextLessonTime > 0 ? 'blue' : 'gray'} text={c.nextLessonTime > 0 ? '进行中' : '已结课'} />
        }
        facts={[
          ['班级编码', c.code],
          ['类型', c.classTypeName],
          ['学科', [c.subjectName, c.gradeName].filter(Boolean).join(' · ')],
          ['老师', c.teacherName],
          ['校区', [c.schoolName, c.areaName].filter(Boolean).join(' / ')],
          ['在班学生', String(c.studentCount)],
          ['已上/总课次', ratio(c.heldCount, c.lessonCount)],
          ['开课日期', formatDay(c.firstLessonTime)],
          ['结课日期', formatDay(c.lastLessonTime)],
          ['下次上课', c.nextLessonTime > 0 ? lessonTimeText(c.nextLessonTime, 0) : '-'],
        ]}
      />
      <Tabs value={tab} onChange={(v) => setTab(v === 'lessons' ? 'lessons' : 'students')} keepMounted={false}>
        <Tabs.List aria-label="班级详情">
          <Tabs.Tab value="students">学生</Tabs.Tab>
          <Tabs.Tab value="lessons">课次</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="students" pt="sm">
          <WholeList<ClassStudent>
            label="班级学生"
            storeKey="teaching-class-students"
            columns={STUDENT_COLUMNS}
            records={detail.students}
            idAccessor="studentId"
            rowLabel={(s) => s.studentName}
            noRecordsText="暂无学生"
          />
        </Tabs.Panel>
        <Tabs.Panel value="lessons" pt="sm">
          <WholeList<ScheduleLesson>
            label="班级课次"
            storeKey="teaching-class-lessons"
            columns={LESSON_COLUMNS}
            records={detail.lessons}
            idAccessor="id"
            rowLabel={(l) => l.title}
            noRecordsText="暂无课次"
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** 班级详情 (/easyServer/myClasses/myClassesDetail/{id}): an offline class. */
export function ClassDetail({ id }: { id: number }) {
  const query = useClassDetail(id);
  if (query.isPending) return <Loading />;
  if (query.isError) return <NotLoaded text="班级不存在或无权查看" />;
  return (
    <Stack p="md" gap="md">
      <ClassView detail={query.data} />
    </Stack>
  );
}
