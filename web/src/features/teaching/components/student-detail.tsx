import { Anchor, Button, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { analysisModulePath } from '@/features/analysis/analysis-paths';
import { classPlanPath } from '@/features/class-plan/class-plan-paths';
import { Limits } from '@/generated/codes';
import type { MyReportRow } from '@/generated/MyReportRow';
import type { StudentClass } from '@/generated/StudentClass';
import type { StudentDetail as StudentDetailData } from '@/generated/StudentDetail';
import type { StudentExamScore } from '@/generated/StudentExamScore';
import type { StudentLessonRow } from '@/generated/StudentLessonRow';
import type { StudentPackage } from '@/generated/StudentPackage';
import { formatDay } from '@/lib/report-format';
import { useMyReports } from '../api/reports';
import { useStudentDetail, useStudentLessons } from '../api/students';
import { clockText } from '../calendar';
import { attendanceBadgeByName, classTypeName } from '../teaching-dict';
import { examScoreText, scoreText } from '../teaching-format';
import { studentClassSummary, summaryState } from '../record-summary';
import { classPath } from '../teaching-paths';
import { usePageNo } from '../use-page-no';
import {
  actionColumn,
  badgeColumn,
  countColumn,
  dayColumn,
  instantColumn,
  linkColumn,
  ratio,
  textColumn,
} from './columns';
import { FactsCard } from './facts';
import { Loading, NotLoaded } from './loading';
import { PagedTable } from './paged-table';
import { WholeList } from './whole-list';
import { reportColumns } from './report-columns';

const PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;

const CLASS_COLUMNS: ListTableColumn<StudentClass>[] = [
  textColumn('classCode', '班级编码', 140),
  linkColumn(
    'className',
    '班级名称',
    (c) => classPath({ id: c.classId, online: c.online }),
    200,
    (c) => summaryState(studentClassSummary(c)),
  ),
  textColumn('classType', '类型', 90, (c) => classTypeName(c.classType)),
  textColumn('subjectName', '学科', 80),
  textColumn('teacherName', '老师', 100),
  dayColumn('joinedTime', '入班日期'),
  textColumn('leftTime', '退班日期', 120, (c) => (c.leftTime > 0 ? formatDay(c.leftTime) : '在班')),
  {
    ...textColumn<StudentClass>('attendedLessons', '到课/应到', 110, (c) => ratio(c.attendedLessons, c.dueLessons)),
    tooltip: '已上课次中出勤或迟到的课次 / 应到的已上课次',
  },
];

const PACKAGE_COLUMNS: ListTableColumn<StudentPackage>[] = [
  textColumn('code', '课时包编号', 140),
  textColumn('name', '课时包名称', 200),
  textColumn('subjectName', '学科', 80),
  textColumn('teacherName', '老师', 100),
  countColumn('buyCount', '购买课时'),
  countColumn('giftCount', '赠送课时'),
  countColumn('usedCount', '已上课时'),
  countColumn('remainingCount', '剩余课时'),
  dayColumn('boughtTime', '购买日期'),
  actionColumn(
    (p) => (
      <Anchor component={Link} to={classPlanPath(p.id)} size="sm" aria-label={`课程计划 ${p.name}`}>
        课程计划
      </Anchor>
    ),
    100,
  ),
];

const LESSON_COLUMNS: ListTableColumn<StudentLessonRow>[] = [
  instantColumn('startTime', '上课时间'),
  textColumn('className', '班级', 200),
  textColumn('classType', '类型', 90, (l) => classTypeName(l.classType)),
  textColumn('subjectName', '学科', 80),
  textColumn('teacherName', '老师', 100),
  textColumn('minutes', '时长（分钟）', 110),
  textColumn('lessonTypeName', '课次类型', 100),
  badgeColumn('attendanceName', '出勤', (l) => attendanceBadgeByName(l.attendanceName)),
  textColumn('clockInTime', '打卡时间', 100, (l) => (l.clockInTime > 0 ? clockText(l.clockInTime) : '-')),
  textColumn('leaveName', '请假', 100),
];

const EXAM_COLUMNS: ListTableColumn<StudentExamScore>[] = [
  textColumn('examName', '考试', 220),
  dayColumn('examTime', '考试日期'),
  textColumn('examTypeName', '考试类型', 100),
  textColumn('subjectName', '学科', 80),
  textColumn('score', '成绩', 100, examScoreText),
  textColumn('classRank', '班级排名', 100, (e) => scoreText(e.classRank)),
  textColumn('gradeRank', '年级排名', 100, (e) => scoreText(e.gradeRank)),
];

/** A student's lessons (or clock-ins), page by page. */
function StudentLessons({ studentId, clockedIn }: { studentId: number; clockedIn: boolean }) {
  const [pageNo, setPageNo] = usePageNo(String(clockedIn));
  const query = useStudentLessons({ studentId, clockedIn: clockedIn || undefined, pageNo, pageSize: PAGE_SIZE });
  return (
    <PagedTable<StudentLessonRow>
      label={clockedIn ? '打卡记录' : '上课记录'}
      storeKey="teaching-student-lessons"
      columns={LESSON_COLUMNS}
      query={query}
      pageNo={pageNo}
      pageSize={PAGE_SIZE}
      onPageChange={setPageNo}
      idAccessor="lessonId"
      rowLabel={(l) => `${formatDay(l.startTime)} ${l.className}`}
      noRecordsText={clockedIn ? '暂无打卡记录' : '暂无上课记录'}
    />
  );
}

/** The reports of the student that I write or co-write. */
function StudentReports({ studentId }: { studentId: number }) {
  const [pageNo, setPageNo] = usePageNo('');
  const query = useMyReports({ studentId, pageNo, pageSize: PAGE_SIZE });
  return (
    <PagedTable<MyReportRow>
      label="反馈报告"
      storeKey="teaching-student-reports"
      columns={reportColumns(false)}
      query={query}
      pageNo={pageNo}
      pageSize={PAGE_SIZE}
      onPageChange={setPageNo}
      idAccessor="reportId"
      rowLabel={(r) => `${r.className} ${r.lessonTitle}`}
      noRecordsText="暂无反馈报告"
    />
  );
}

type StudentTab = 'classes' | 'packages' | 'lessons' | 'clockIns' | 'exams' | 'reports';

const TABS: readonly { tab: StudentTab; label: string }[] = [
  { tab: 'classes', label: '班级' },
  { tab: 'packages', label: '一对一课时包' },
  { tab: 'lessons', label: '上课记录' },
  { tab: 'clockIns', label: '打卡记录' },
  { tab: 'exams', label: '考试成绩' },
  { tab: 'reports', label: '反馈报告' },
];

/** The student's header card and tabs (each list read when its tab opens). */
export function StudentView({ detail }: { detail: StudentDetailData }) {
  const [tab, setTab] = useState<StudentTab>('classes');
  const { student } = detail;
  return (
    <Stack gap="md">
      <FactsCard
        title={student.name}
        actions={
          <Button component={Link} to={analysisModulePath(student.id)} size="xs" variant="light">
            学情分析
          </Button>
        }
        facts={[
          ['学员编号', student.code],
          ['年级', student.gradeName],
          ['校区', student.schoolName],
          ['教学点', student.areaName],
          ['手机号', detail.mobile],
          ['顾问', student.consultantName],
          ['学管', student.learningManagerName],
          ['近30天到课', ratio(student.recentAttended, student.recentLessons)],
        ]}
      />
      <Tabs value={tab} onChange={(v) => setTab(TABS.find((t) => t.tab === v)?.tab ?? 'classes')} keepMounted={false}>
        <Tabs.List aria-label="学生详情">
          {TABS.map((t) => (
            <Tabs.Tab key={t.tab} value={t.tab}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="classes" pt="sm">
          <WholeList<StudentClass>
            label="班级"
            storeKey="teaching-student-classes"
            columns={CLASS_COLUMNS}
            records={detail.classes}
            idAccessor={(c) => `${c.online ? 'o' : 'f'}${c.classId}`}
            rowLabel={(c) => c.className}
            noRecordsText="暂无班级"
          />
        </Tabs.Panel>
        <Tabs.Panel value="packages" pt="sm">
          <WholeList<StudentPackage>
            label="一对一课时包"
            storeKey="teaching-student-packages"
            columns={PACKAGE_COLUMNS}
            records={detail.packages}
            idAccessor="id"
            rowLabel={(p) => p.name}
            noRecordsText="暂无课时包"
          />
        </Tabs.Panel>
        <Tabs.Panel value="lessons" pt="sm">
          <StudentLessons studentId={student.id} clockedIn={false} />
        </Tabs.Panel>
        <Tabs.Panel value="clockIns" pt="sm">
          <StudentLessons studentId={student.id} clockedIn />
        </Tabs.Panel>
        <Tabs.Panel value="exams" pt="sm">
          <WholeList<StudentExamScore>
            label="考试成绩"
            storeKey="teaching-student-exams"
            columns={EXAM_COLUMNS}
            records={detail.exams}
            idAccessor={(e) => `${e.examId}|${e.subjectName}`}
            rowLabel={(e) => `${e.examName} ${e.subjectName}`}
            noRecordsText="暂无考试成绩"
          />
        </Tabs.Panel>
        <Tabs.Panel value="reports" pt="sm">
          <StudentReports studentId={student.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** 学生详情 (/easyServer/myStudent/studentDetail/{id}). */
export function StudentDetail({ id }: { id: number }) {
  const query = useStudentDetail(id);
  if (query.isPending) return <Loading />;
  if (query.isError) return <NotLoaded text="学生不存在或无权查看" />;
  return (
    <Stack p="md" gap="md">
      <StudentView detail={query.data} />
    </Stack>
  );
}
