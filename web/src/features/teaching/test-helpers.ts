// Records of the teaching service's calls for the tests.

import type { DueReportRow } from '@/generated/DueReportRow';
import type { LessonDetail } from '@/generated/LessonDetail';
import type { LessonStudent } from '@/generated/LessonStudent';
import type { MyReportRow } from '@/generated/MyReportRow';
import type { ScheduleLesson } from '@/generated/ScheduleLesson';

/** Lesson `id` of 高一数学精品班 at `start` (local), two hours, held, 8 of 11 present. */
export function scheduleLesson(id: number, start: Date, patch: Partial<ScheduleLesson> = {}): ScheduleLesson {
  return {
    id,
    online: false,
    classId: 57,
    classCode: 'BJ1001040002',
    className: '高一数学精品班',
    classType: 3,
    subjectName: '数学',
    gradeName: '高一',
    teacherName: '张老师',
    title: `第${id}讲`,
    lessonNo: id,
    startTime: start.getTime(),
    endTime: start.getTime() + 2 * 3_600_000,
    status: 1,
    statusName: '已上课',
    studentCount: 11,
    presentCount: 8,
    reportCount: 8,
    submittedCount: 6,
    ...patch,
  };
}

export function lessonStudent(studentId: number, patch: Partial<LessonStudent> = {}): LessonStudent {
  return {
    studentId,
    studentCode: `ST${studentId}`,
    studentName: `学员${studentId}`,
    gradeName: '高一',
    attendanceStatus: 1,
    attendanceName: '出勤',
    clockInTime: new Date(2026, 10, 24, 8, 55).getTime(),
    leaveName: '',
    reportId: 0,
    reportStage: '',
    reportStageName: '',
    ...patch,
  };
}

/** Lesson 14 with student 1 (no report), 2 (a draft, report 301) and 3 (absent). */
export function lessonDetail(patch: Partial<LessonDetail> = {}): LessonDetail {
  return {
    lesson: scheduleLesson(14, new Date(2026, 10, 24, 9)),
    schoolName: '北京海淀校区',
    areaName: '五道口教学点',
    canWriteFeedback: true,
    students: [
      lessonStudent(1),
      lessonStudent(2, { reportId: 301, reportStage: 'draft', reportStageName: '草稿' }),
      lessonStudent(3, { attendanceStatus: 3, attendanceName: '缺勤', clockInTime: 0 }),
    ],
    ...patch,
  };
}

export function dueReport(studentId: number, patch: Partial<DueReportRow> = {}): DueReportRow {
  return {
    lessonId: 14,
    lessonTitle: '第14讲',
    lessonStartTime: new Date(2026, 10, 24, 9).getTime(),
    className: '高一数学精品班',
    studentId,
    studentName: `学员${studentId}`,
    studentCode: `ST${studentId}`,
    reportId: 0,
    stage: '',
    stageName: '未开始',
    ...patch,
  };
}

export function myReport(reportId: number, patch: Partial<MyReportRow> = {}): MyReportRow {
  return {
    reportId,
    lessonId: 14,
    lessonTitle: '第14讲',
    lessonStartTime: new Date(2026, 10, 24, 9).getTime(),
    className: '高一数学精品班',
    studentId: 1,
    studentName: '学员1',
    studentCode: 'ST1',
    teacherName: '张老师',
    owner: true,
    canEdit: true,
    stage: 'submitted',
    stageName: '已提交',
    submittedTime: new Date(2026, 10, 24, 12).getTime(),
    sentTime: 0,
    openedTime: 0,
    updateTime: new Date(2026, 10, 24, 12).getTime(),
    expireTime: 0,
    ...patch,
  };
}

/** A page holding `records`. */
export const pageOf = <T>(records: T[], total = records.length) => ({ records, total, pageNo: 1, pageSize: 30 });
