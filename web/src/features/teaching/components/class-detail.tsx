import { Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { CellBadge } from '@/components/data-table/cell-badge';
import type { ClassDetail as ClassDetailData } from '@/generated/ClassDetail';
import type { ClassStudent } from '@/generated/ClassStudent';
import type { ScheduleLesson } from '@/generated/ScheduleLesson';
import { formatDay } from '@/lib/report-format';
import { useClassDetail } from '../api/classes';
import { lessonTimeText } from '../calendar';
import { CLASS_LESSON_COLUMNS, CLASS_STUDENT_COLUMNS } from './class-columns';
import { ClassReportLinks } from './class-report-links';
import { ratio } from './columns';
import { FactsCard } from './facts';
import { Loading, NotLoaded } from './loading';
import { WholeList } from './whole-list';

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
        actions={<ClassReportLinks classId={c.id} />}
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
            columns={CLASS_STUDENT_COLUMNS}
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
            columns={CLASS_LESSON_COLUMNS}
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
