// The query keys of the lesson tasks' server state. Everything of one task (its detail, summary,
// message and the students' sheets) is under `task(taskId)`, so that recording or marking an answer
// reads it all again; a lesson's task check, name and student groups under `lesson(lessonId)`; the
// lists of tasks with answers, a class's tasks and a student's tasks under `lists()`.

import type { HasAnswerRequest } from '@/generated/HasAnswerRequest';
import type { ClassTaskListRequest } from './task-lists';

const all = ['lessonTask'] as const;

export const lessonTaskKeys = {
  all,
  lesson: (lessonId: number) => [...all, 'lesson', lessonId] as const,
  check: (lessonId: number) => [...all, 'lesson', lessonId, 'check'] as const,
  name: (lessonId: number) => [...all, 'lesson', lessonId, 'name'] as const,
  groups: (lessonId: number) => [...all, 'lesson', lessonId, 'groups'] as const,
  limit: (classId: number) => [...all, 'limit', classId] as const,
  task: (taskId: number) => [...all, 'task', taskId] as const,
  detail: (taskId: number) => [...all, 'task', taskId, 'detail'] as const,
  summary: (taskId: number) => [...all, 'task', taskId, 'summary'] as const,
  sheet: (taskId: number, studentId: number) => [...all, 'task', taskId, 'sheet', studentId] as const,
  lists: () => [...all, 'list'] as const,
  hasAnswerList: () => [...all, 'list', 'hasAnswer'] as const,
  hasAnswerPage: (request: HasAnswerRequest) => [...all, 'list', 'hasAnswerPage', request] as const,
  classTaskPage: (request: ClassTaskListRequest) => [...all, 'list', 'class', request] as const,
  studentTasks: (studentCode: string) => [...all, 'list', 'student', studentCode] as const,
};
