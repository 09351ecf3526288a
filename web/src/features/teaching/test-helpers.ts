// Records of the teaching service's calls for the tests.

import type { ClassDetail } from '@/generated/ClassDetail';
import type { ClassStudent } from '@/generated/ClassStudent';
import type { DueReportRow } from '@/generated/DueReportRow';
import type { LessonDetail } from '@/generated/LessonDetail';
import type { LessonStudent } from '@/generated/LessonStudent';
import type { MyClassRow } from '@/generated/MyClassRow';
import type { MyReportRow } from '@/generated/MyReportRow';
import type { ScheduleLesson } from '@/generated/ScheduleLesson';
import type { StudentDetail } from '@/generated/StudentDetail';
import type { StudentExamScore } from '@/generated/StudentExamScore';

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

/** Class `id` 高一数学精品班 (a class, 3): 12 students, 10 of 16 lessons held, one to come. */
export function classRow(id: number, patch: Partial<MyClassRow> = {}): MyClassRow {
  return {
    id,
    online: false,
    code: `BJ${id}`,
    name: '高一数学精品班',
    classType: 3,
    classTypeName: '班课',
    subjectName: '数学',
    gradeName: '高一',
    teacherName: '张老师',
    schoolName: '北京海淀校区',
    areaName: '五道口教学点',
    studentCount: 12,
    lessonCount: 16,
    heldCount: 10,
    firstLessonTime: new Date(2026, 8, 5, 9).getTime(),
    lastLessonTime: new Date(2026, 11, 19, 9).getTime(),
    nextLessonTime: new Date(2026, 10, 28, 9).getTime(),
    ...patch,
  };
}

export function classStudent(studentId: number, patch: Partial<ClassStudent> = {}): ClassStudent {
  return {
    studentId,
    studentCode: `ST${studentId}`,
    studentName: `学员${studentId}`,
    gradeName: '高一',
    joinedTime: new Date(2026, 8, 1).getTime(),
    leftTime: 0,
    dueLessons: 10,
    present: 7,
    late: 1,
    absent: 1,
    leave: 1,
    reportCount: 8,
    submittedCount: 6,
    ...patch,
  };
}

/**
 * Class 57 with student 1, student 2 (8 lessons: 6 present, 2 absent, no report) and student 3
 * (left, 2 lessons present), and lessons 14 (held) and 15 (to come).
 */
export function classDetail(patch: Partial<ClassDetail> = {}): ClassDetail {
  return {
    class: classRow(57),
    students: [
      classStudent(1),
      classStudent(2, { dueLessons: 8, present: 6, late: 0, absent: 2, leave: 0, reportCount: 0, submittedCount: 0 }),
      classStudent(3, {
        leftTime: new Date(2026, 9, 1).getTime(),
        dueLessons: 2,
        present: 2,
        late: 0,
        absent: 0,
        leave: 0,
        reportCount: 2,
        submittedCount: 2,
      }),
    ],
    lessons: [
      scheduleLesson(14, new Date(2026, 10, 21, 9)),
      scheduleLesson(15, new Date(2026, 10, 28, 9), {
        status: 0,
        statusName: '待上课',
        presentCount: 0,
        reportCount: 0,
        submittedCount: 0,
      }),
    ],
    ...patch,
  };
}

export function examScore(examId: number, patch: Partial<StudentExamScore> = {}): StudentExamScore {
  return {
    examId,
    examName: `期中考试${examId}`,
    examTime: new Date(2026, 10, 10).getTime(),
    examTypeName: '期中',
    subjectName: '数学',
    score: 120,
    fullMarks: 150,
    classRank: 3,
    gradeRank: 45,
    ...patch,
  };
}

/** Student `id`'s page with `exams`. */
export function studentDetail(id: number, exams: StudentExamScore[]): StudentDetail {
  return {
    student: {
      id,
      code: `ST${id}`,
      name: `学员${id}`,
      gradeName: '高一',
      schoolName: '北京海淀校区',
      areaName: '五道口教学点',
      consultantName: '',
      learningManagerName: '',
      classCount: 1,
      recentLessons: 4,
      recentAttended: 4,
      lastLessonTime: 0,
      nextLessonTime: 0,
    },
    mobile: '',
    classes: [],
    packages: [],
    exams,
  };
}
