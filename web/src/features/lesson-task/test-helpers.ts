// Records of the lesson tasks' calls for the tests.

import { questionView } from '@/features/question/test-helpers';
import type { HasAnswerTask } from '@/generated/HasAnswerTask';
import type { LessonTask } from '@/generated/LessonTask';
import type { TaskAnswer } from '@/generated/TaskAnswer';
import type { TaskAnswerSheet } from '@/generated/TaskAnswerSheet';
import type { TaskQuestion } from '@/generated/TaskQuestion';
import type { TaskStudentSummary } from '@/generated/TaskStudentSummary';
import type { TaskSummaryInfo } from '@/generated/TaskSummaryInfo';

export const AT = new Date(2026, 10, 24, 9).getTime();

/** Question 1 single choice (C), 2 multiple choice (AC), 3 fill-in (2), 4 worked answer; 5 points each, 10 the worked. */
export const QUESTIONS: TaskQuestion[] = [
  { position: 1, score: 5, practiceOf: 0, question: questionView(1) },
  {
    position: 2,
    score: 5,
    practiceOf: 0,
    question: questionView(2, {
      questionType: 2,
      typeName: '多选题',
      stem: '下列函数中为偶函数的是',
      options: ['$y=x^2$', '$y=x^3$', '$y=|x|$', '$y=2^x$'],
      answer: 'AC',
    }),
  },
  {
    position: 3,
    score: 5,
    practiceOf: 0,
    question: questionView(3, {
      questionType: 3,
      typeName: '填空题',
      stem: '$\\sqrt{4}=$____',
      options: [],
      answer: '2',
    }),
  },
  {
    position: 4,
    score: 10,
    practiceOf: 0,
    question: questionView(4, {
      questionType: 4,
      typeName: '解答题',
      stem: '求 $f(x)=x^3-3x$ 的极值。',
      options: [],
      answer: '极大值 $2$，极小值 $-2$',
    }),
  },
];

export function lessonTask(patch: Partial<LessonTask> = {}): LessonTask {
  return {
    taskId: 31,
    kind: 1,
    lessonId: 14,
    classId: 57,
    className: '高一数学精品班',
    name: '导数课后练习',
    textContent: '请在周五前完成。',
    status: 1,
    totalScore: 25,
    questions: QUESTIONS,
    studentCount: 3,
    createTime: AT,
    ...patch,
  };
}

export function studentSummary(studentId: number, patch: Partial<TaskStudentSummary> = {}): TaskStudentSummary {
  return {
    studentId,
    studentCode: `ST${studentId}`,
    studentName: `学员${studentId}`,
    answered: 4,
    right: 2,
    wrong: 1,
    toMark: 1,
    score: 10,
    totalScore: 25,
    accuracy: 2 / 3,
    answerTime: AT,
    ...patch,
  };
}

export function summaryInfo(patch: Partial<TaskSummaryInfo> = {}): TaskSummaryInfo {
  return {
    taskId: 31,
    name: '导数课后练习',
    questionCount: 4,
    totalScore: 25,
    studentCount: 3,
    answeredStudents: 2,
    toMark: 1,
    averageScore: 12.5,
    accuracy: 0.5,
    students: [
      studentSummary(1),
      studentSummary(2, { right: 1, wrong: 2, toMark: 0, score: 15, accuracy: 1 / 3 }),
      studentSummary(3, { answered: 0, right: 0, wrong: 0, toMark: 0, score: 0, accuracy: -1, answerTime: 0 }),
    ],
    ...patch,
  };
}

export const answer = (questionId: number, text: string, correct?: boolean, score?: number): TaskAnswer => ({
  questionId,
  answer: text,
  ...(correct === undefined ? {} : { correct, score: score ?? (correct ? 5 : 0) }),
  comment: '',
  answerTime: AT,
});

export function answerSheet(
  studentId: number,
  answers: TaskAnswer[],
  patch: Partial<TaskStudentSummary> = {},
): TaskAnswerSheet {
  const right = answers.filter((a) => a.correct === true).length;
  const wrong = answers.filter((a) => a.correct === false).length;
  return {
    taskId: 31,
    studentId,
    answers,
    summary: studentSummary(studentId, {
      answered: answers.length,
      right,
      wrong,
      toMark: answers.length - right - wrong,
      score: answers.reduce((s, a) => s + (a.score ?? 0), 0),
      accuracy: right + wrong === 0 ? -1 : right / (right + wrong),
      ...patch,
    }),
  };
}

export function hasAnswerTask(taskId: number, patch: Partial<HasAnswerTask> = {}): HasAnswerTask {
  return {
    taskId,
    lessonId: 14,
    name: `任务${taskId}`,
    classId: 57,
    className: '高一数学精品班',
    lessonTitle: '第14讲',
    lessonTime: AT,
    status: 1,
    studentCount: 3,
    answeredStudents: 2,
    toMark: 1,
    accuracy: 0.5,
    ...patch,
  };
}

export { bodiesOf, jsonBody } from '@/testing/test-utils';
