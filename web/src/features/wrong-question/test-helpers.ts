// Records of the wrong questions' calls for the tests.

import { questionView } from '@/features/question/test-helpers';
import type { SimilarBatch } from '@/generated/SimilarBatch';
import type { WrongClassGroup } from '@/generated/WrongClassGroup';
import type { WrongQuestion } from '@/generated/WrongQuestion';
import type { WrongStudentSummary } from '@/generated/WrongStudentSummary';

export const AT = new Date(2026, 10, 24, 9).getTime();

export const CLASS_GROUPS: WrongClassGroup[] = [
  {
    classType: 2,
    typeName: '小组课',
    classes: [
      {
        classId: 57,
        className: '高二数学提高小组',
        subjectName: '数学',
        studentCount: 2,
        studentsWithOpen: 2,
        open: 5,
        sent: 1,
        mastered: 0,
      },
    ],
  },
  {
    classType: 3,
    typeName: '班课',
    classes: [
      {
        classId: 58,
        className: '高一物理班',
        subjectName: '物理',
        studentCount: 20,
        studentsWithOpen: 0,
        open: 0,
        sent: 0,
        mastered: 0,
      },
    ],
  },
];

export function wrongStudent(studentId: number, patch: Partial<WrongStudentSummary> = {}): WrongStudentSummary {
  return {
    studentId,
    studentCode: `ST${studentId}`,
    studentName: `学员${studentId}`,
    total: 3,
    open: 2,
    sent: 1,
    mastered: 0,
    lastWrongTime: AT,
    ...patch,
  };
}

export function wrongQuestion(questionId: number, patch: Partial<WrongQuestion> = {}): WrongQuestion {
  return {
    question: questionView(questionId),
    classId: 57,
    status: 1,
    statusName: '待巩固',
    wrongCount: 2,
    lastAnswer: 'B',
    lastWrongTime: AT,
    ...patch,
  };
}

export function similarBatch(patch: Partial<SimilarBatch> = {}): SimilarBatch {
  return {
    batchId: 9,
    classId: 57,
    status: 1,
    total: 4,
    sent: 0,
    failed: 0,
    failures: [],
    createTime: AT,
    ...patch,
  };
}
