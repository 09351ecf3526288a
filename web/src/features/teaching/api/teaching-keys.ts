// The query keys of the teaching service's server state, each keyed by the exact request sent.
// Writing a report (`v2/init`) changes the lessons' report stages and the report lists: it reads
// every key under `all` again.

import type { MyClassesRequest } from '@/generated/MyClassesRequest';
import type { MyReportsRequest } from '@/generated/MyReportsRequest';
import type { MyStudentsRequest } from '@/generated/MyStudentsRequest';
import type { ScheduleRequest } from '@/generated/ScheduleRequest';
import type { StudentLessonsRequest } from '@/generated/StudentLessonsRequest';

const all = ['teaching'] as const;

export const teachingKeys = {
  all,
  schedule: (request: ScheduleRequest) => [...all, 'schedule', request] as const,
  lesson: (id: number) => [...all, 'lesson', id] as const,
  students: (request: MyStudentsRequest) => [...all, 'students', request] as const,
  student: (id: number) => [...all, 'student', id] as const,
  studentLessons: (request: StudentLessonsRequest) => [...all, 'studentLessons', request] as const,
  classes: (request: MyClassesRequest) => [...all, 'classes', request] as const,
  class: (id: number) => [...all, 'class', id] as const,
  reports: (request: MyReportsRequest) => [...all, 'reports', request] as const,
  dueReports: (pageNo: number, pageSize: number) => [...all, 'dueReports', pageNo, pageSize] as const,
};
