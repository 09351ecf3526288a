// Records of the exam groups' calls for the tests.

import type { ExamDetail } from '@/generated/ExamDetail';
import type { ExamGroup } from '@/generated/ExamGroup';
import type { ExamMember } from '@/generated/ExamMember';
import type { ExamRow } from '@/generated/ExamRow';
import type { GroupStudent } from '@/generated/GroupStudent';
import type { SelectedStudent } from '@/generated/SelectedStudent';

const AT = new Date(2026, 10, 24, 9).getTime();

export function examGroup(id: number, patch: Partial<ExamGroup> = {}): ExamGroup {
  return { id, groupName: `分组${id}`, memberCount: 2, createdAt: AT, updatedAt: AT, ...patch };
}

export function groupStudent(studentId: number, patch: Partial<GroupStudent> = {}): GroupStudent {
  return {
    studentId,
    studentCode: `S2000${studentId}`,
    studentName: `学生${studentId}`,
    grade: '高二',
    schoolName: '北京海淀校区',
    addedAt: AT,
    ...patch,
  };
}

export function selectedStudent(studentId: number, patch: Partial<SelectedStudent> = {}): SelectedStudent {
  return {
    studentId,
    studentCode: `S2000${studentId}`,
    studentName: `学生${studentId}`,
    grade: '高二',
    groupName: '分组1',
    selectedAt: AT,
    ...patch,
  };
}

export function examRow(examId: number, patch: Partial<ExamRow> = {}): ExamRow {
  return {
    examId,
    examName: `考试${examId}`,
    paperId: null,
    paperTitle: '',
    ownerName: '王老师',
    mine: true,
    status: 1,
    statusName: '已发布',
    startTime: AT,
    endTime: AT + 2 * 3_600_000,
    fullScore: 100,
    memberCount: 3,
    submittedCount: 1,
    averageScore: 90,
    publishedAt: AT,
    ...patch,
  };
}

export function examMember(studentId: number, patch: Partial<ExamMember> = {}): ExamMember {
  return {
    studentId,
    studentCode: `S2000${studentId}`,
    studentName: `学生${studentId}`,
    grade: '高二',
    groupName: '分组1',
    submitted: false,
    score: null,
    submittedAt: null,
    ...patch,
  };
}

/** Exam 7 of three members: student 1 scored 90, students 2 and 3 not handed in. */
export function examDetail(patch: Partial<ExamDetail> = {}): ExamDetail {
  return {
    exam: examRow(7),
    members: [examMember(1, { submitted: true, score: 90, submittedAt: AT }), examMember(2), examMember(3)],
    sharedWith: [],
    canManage: true,
    ...patch,
  };
}

/** A page holding `records`. */
export const pageOf = <T>(records: T[], total = records.length) => ({ records, total, pageNo: 1, pageSize: 30 });
