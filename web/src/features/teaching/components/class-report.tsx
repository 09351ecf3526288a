import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { CellBadge } from '@/components/data-table/cell-badge';
import { type StatItem, StatCards } from '@/components/stat-cards';
import type { ClassDetail } from '@/generated/ClassDetail';
import type { ClassStudent } from '@/generated/ClassStudent';
import type { ScheduleLesson } from '@/generated/ScheduleLesson';
import { formatCount, formatDay } from '@/lib/report-format';
import { useClassDetail } from '../api/classes';
import { lessonTimeText } from '../calendar';
import { attendanceRate } from '../teaching-format';
import { classPath, type ClassReportKind } from '../teaching-paths';
import { CLASS_LESSON_COLUMNS, CLASS_STUDENT_COLUMNS } from './class-columns';
import { ClassExams } from './class-exams';
import { ClassReportLinks } from './class-report-links';
import { ratio } from './columns';
import { FactsCard } from './facts';
import { Loading, NotLoaded } from './loading';
import { WholeList } from './whole-list';

const REPORT_TITLES: Record<ClassReportKind, string> = { study: '班级学情报告', summary: '班级总结报告' };

/** The class's attendance records, summed over its students (those who left included). */
function attendanceTotals(students: readonly ClassStudent[]) {
  const sum = (pick: (s: ClassStudent) => number) => students.reduce((n, s) => n + pick(s), 0);
  return {
    dueLessons: sum((s) => s.dueLessons),
    present: sum((s) => s.present),
    late: sum((s) => s.late),
    absent: sum((s) => s.absent),
    leave: sum((s) => s.leave),
    reportCount: sum((s) => s.reportCount),
    submittedCount: sum((s) => s.submittedCount),
  };
}

/** A report's header: the class's facts, links to its page and its other report, its figures. */
function ReportHeader({ kind, detail, figures }: { kind: ClassReportKind; detail: ClassDetail; figures: StatItem[] }) {
  const c = detail.class;
  const ongoing = c.nextLessonTime > 0;
  return (
    <>
      <FactsCard
        title={`${REPORT_TITLES[kind]} · ${c.name}`}
        badges={<CellBadge color={ongoing ? 'blue' : 'gray'} text={ongoing ? '进行中' : '已结课'} />}
        actions={
          <Group gap="xs">
            <Button component={Link} to={classPath(c)} size="xs" variant="default">
              班级详情
            </Button>
            <ClassReportLinks classId={c.id} current={kind} />
          </Group>
        }
        facts={[
          ['班级编码', c.code],
          ['类型', c.classTypeName],
          ['学科', [c.subjectName, c.gradeName].filter(Boolean).join(' · ')],
          ['老师', c.teacherName],
          ['校区', [c.schoolName, c.areaName].filter(Boolean).join(' / ')],
          ['首次课日期', formatDay(c.firstLessonTime)],
          ['末次课日期', formatDay(c.lastLessonTime)],
          ['下次上课', ongoing ? lessonTimeText(c.nextLessonTime, 0) : '-'],
        ]}
      />
      <StatCards title="整体情况" items={figures} busy={false} cols={{ base: 2, sm: 3, lg: figures.length }} />
    </>
  );
}

/** A titled part of a report. */
function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Title order={5} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** Reads the class, then shows the report. */
function ClassReport({ classId, children }: { classId: number; children: (detail: ClassDetail) => ReactNode }) {
  const query = useClassDetail(classId);
  if (query.isPending) return <Loading />;
  if (query.isError) return <NotLoaded text="班级不存在或无权查看" />;
  return (
    <Stack p="md" gap="lg">
      {children(query.data)}
    </Stack>
  );
}

function StudentAttendance({ students }: { students: ClassStudent[] }) {
  return (
    <WholeList<ClassStudent>
      label="学生出勤与反馈"
      storeKey="teaching-report-students"
      columns={CLASS_STUDENT_COLUMNS}
      records={students}
      idAccessor="studentId"
      rowLabel={(s) => s.studentName}
      noRecordsText="暂无学生"
    />
  );
}

export interface ClassSummaryReportProps {
  classId: number;
  /** The class's lesson tasks (the app hands them in). */
  tasks?: ReactNode;
}

/**
 * 班级总结报告 (/easyServer/classSummaryReport?classId=): what the class has done — its lessons
 * held, the attendance and feedback reports summed over its students, each lesson and each
 * student, and its lesson tasks (POST /api/teaching/class/detail; the tasks as handed in).
 */
export function ClassSummaryReport({ classId, tasks }: ClassSummaryReportProps) {
  return (
    <ClassReport classId={classId}>
      {(detail) => {
        const c = detail.class;
        const t = attendanceTotals(detail.students);
        const figures: StatItem[] = [
          { label: '在班学生', value: formatCount(c.studentCount) },
          { label: '已上/总课次', value: ratio(c.heldCount, c.lessonCount) },
          { label: '应到人次', value: formatCount(t.dueLessons) },
          { label: '出勤人次（含迟到）', value: formatCount(t.present + t.late) },
          { label: '出勤率', value: attendanceRate(t) },
          { label: '迟到人次', value: formatCount(t.late) },
          { label: '缺勤人次', value: formatCount(t.absent) },
          { label: '请假人次', value: formatCount(t.leave) },
          { label: '反馈已提交/已写', value: ratio(t.submittedCount, t.reportCount) },
        ];
        return (
          <>
            <ReportHeader kind="summary" detail={detail} figures={figures} />
            <ReportSection title="课次情况">
              <WholeList<ScheduleLesson>
                label="课次情况"
                storeKey="teaching-report-lessons"
                columns={CLASS_LESSON_COLUMNS}
                records={detail.lessons}
                idAccessor="id"
                rowLabel={(l) => l.title}
                noRecordsText="暂无课次"
              />
            </ReportSection>
            <ReportSection title="学生出勤与反馈">
              <StudentAttendance students={detail.students} />
            </ReportSection>
            {tasks && <ReportSection title="课后任务">{tasks}</ReportSection>}
          </>
        );
      }}
    </ClassReport>
  );
}

export interface ClassStudySituationReportProps {
  classId: number;
  /** The class's lesson tasks and its students' wrong questions (the app hands them in). */
  tasks?: ReactNode;
  wrongQuestions?: ReactNode;
}

type StudyTab = 'attendance' | 'tasks' | 'wrongQuestions' | 'exams';

/**
 * 班级学情报告 (/easyServer/classStudySituationReport?classId=): how the class's students are
 * doing — attendance and reports per student, the lesson tasks, their wrong questions and their
 * exam results in the class's subject, a tab each (each read when its tab opens).
 */
export function ClassStudySituationReport({ classId, tasks, wrongQuestions }: ClassStudySituationReportProps) {
  const [tab, setTab] = useState<StudyTab>('attendance');
  const tabs: { tab: StudyTab; label: string; content: ReactNode }[] = [
    { tab: 'attendance', label: '出勤与反馈', content: null },
    ...(tasks ? [{ tab: 'tasks' as const, label: '课后任务', content: tasks }] : []),
    ...(wrongQuestions ? [{ tab: 'wrongQuestions' as const, label: '错题情况', content: wrongQuestions }] : []),
    { tab: 'exams', label: '考试成绩', content: null },
  ];
  return (
    <ClassReport classId={classId}>
      {(detail) => {
        const c = detail.class;
        const t = attendanceTotals(detail.students);
        const figures: StatItem[] = [
          { label: '在班学生', value: formatCount(c.studentCount) },
          { label: '已上/总课次', value: ratio(c.heldCount, c.lessonCount) },
          { label: '出勤率', value: attendanceRate(t) },
          { label: '反馈已提交/已写', value: ratio(t.submittedCount, t.reportCount) },
        ];
        return (
          <>
            <ReportHeader kind="study" detail={detail} figures={figures} />
            <Tabs
              value={tab}
              onChange={(v) => setTab(tabs.find((x) => x.tab === v)?.tab ?? 'attendance')}
              keepMounted={false}
            >
              <Tabs.List aria-label="学情">
                {tabs.map((x) => (
                  <Tabs.Tab key={x.tab} value={x.tab}>
                    {x.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {tabs.map((x) => (
                <Tabs.Panel key={x.tab} value={x.tab} pt="sm">
                  {x.tab === 'attendance' ? (
                    <StudentAttendance students={detail.students} />
                  ) : x.tab === 'exams' ? (
                    <ClassExams detail={detail} />
                  ) : (
                    x.content
                  )}
                </Tabs.Panel>
              ))}
            </Tabs>
          </>
        );
      }}
    </ClassReport>
  );
}
