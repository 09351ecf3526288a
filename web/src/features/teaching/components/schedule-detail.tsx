import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CellBadge } from '@/components/data-table/cell-badge';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import type { LessonDetail } from '@/generated/LessonDetail';
import type { LessonStudent } from '@/generated/LessonStudent';
import { clockText, lessonTimeText } from '../calendar';
import { feedbackActionOf } from '../feedback-action';
import { useLessonDetail } from '../api/schedule';
import { attendanceBadge, classTypeName, lessonStatusBadge, reportStageBadge } from '../teaching-dict';
import { classPath, studentPath } from '../teaching-paths';
import { actionColumn, badgeColumn, linkColumn, ratio, textColumn } from './columns';
import { FactsCard } from './facts';
import { FeedbackButton } from './feedback-button';
import { Loading, NotLoaded } from './loading';

function studentColumns(detail: LessonDetail): ListTableColumn<LessonStudent>[] {
  return [
    textColumn('studentCode', '学员编号', 130),
    linkColumn('studentName', '学员姓名', (s) => studentPath(s.studentId), 110),
    textColumn('gradeName', '年级', 80),
    badgeColumn('attendanceStatus', '出勤', (s) => attendanceBadge(s.attendanceStatus, s.attendanceName)),
    textColumn('clockInTime', '打卡时间', 100, (s) => (s.clockInTime > 0 ? clockText(s.clockInTime) : '-')),
    textColumn('leaveName', '请假', 100),
    badgeColumn('reportStage', '反馈', (s) => reportStageBadge(s.reportStage, s.reportStageName)),
    actionColumn((s) => {
      const action = feedbackActionOf(detail.canWriteFeedback, s.reportId);
      return action ? <FeedbackButton action={action} lessonId={detail.lesson.id} studentId={s.studentId} /> : '-';
    }),
  ];
}

/** The lesson's facts and its students with their attendance and reports. */
export function LessonView({ detail }: { detail: LessonDetail }) {
  const { lesson } = detail;
  const status = lessonStatusBadge(lesson.status, lesson.statusName);
  const place = [detail.schoolName, detail.areaName].filter(Boolean).join(' / ');
  return (
    <Stack gap="md">
      <FactsCard
        title={`${lesson.className} · ${lesson.title}`}
        badges={<CellBadge color={status.color} text={status.text} />}
        facts={[
          [
            '班级',
            <Anchor key="class" component={Link} to={classPath({ id: lesson.classId, online: false })} size="sm">
              {lesson.className}
            </Anchor>,
          ],
          ['班级编码', lesson.classCode],
          ['类型', classTypeName(lesson.classType)],
          ['学科', [lesson.subjectName, lesson.gradeName].filter(Boolean).join(' · ')],
          ['上课时间', lessonTimeText(lesson.startTime, lesson.endTime)],
          ['第几讲', lesson.lessonNo > 0 ? `第 ${lesson.lessonNo} 讲` : '-'],
          ['老师', lesson.teacherName],
          ['校区', place],
          [
            '到课',
            lesson.status === 1 ? ratio(lesson.presentCount, lesson.studentCount) : `应到 ${lesson.studentCount}`,
          ],
          ['反馈已提交', ratio(lesson.submittedCount, lesson.reportCount)],
        ]}
      />
      <Stack gap="xs">
        <Title order={5}>学生</Title>
        <ListTable<LessonStudent>
          label="课次学生"
          storeKey="teaching-lesson-students"
          columns={studentColumns(detail)}
          records={detail.students}
          idAccessor="studentId"
          rowAttributes={(s) => ({ 'aria-label': s.studentName })}
          noRecordsText="暂无学生"
          pinFirstColumn
          pinLastColumn
        />
        {!detail.canWriteFeedback && (
          <Text size="xs" c="dimmed">
            本课次由其他老师授课，反馈报告仅可查看。
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

export interface ScheduleDetailProps {
  id: number;
  /** Drawn under the lesson once it is read (the app hands the lesson's 课后任务 here). */
  extra?: (detail: LessonDetail) => ReactNode;
}

/** 课表详情 (/easyServer/scheduleDetail/{id}): an offline lesson. */
export function ScheduleDetail({ id, extra }: ScheduleDetailProps) {
  const query = useLessonDetail(id);
  if (query.isPending) return <Loading />;
  if (query.isError) return <NotLoaded text="课次不存在或无权查看" />;
  return (
    <Stack p="md" gap="md">
      <LessonView detail={query.data} />
      {extra?.(query.data)}
    </Stack>
  );
}
