// The work tasks' code tables (protocol dictionary FIRST_STEPS, FIRST_TAB_TYPES, STEP_STATUSES,
// STEP_QC_STATUSES and the executors' roles), the badges of a task's state and check, and where
// the task pages are. A task's state is the server's (0 to do, 1 done, 2 overdue: to do past its
// end); a task done after its end is 逾期完成.

import { paths, routesByName } from '@/config/paths';
import type { WorkTaskRow } from '@/generated/WorkTaskRow';

export interface Choice {
  value: string;
  label: string;
}

/** 'All' as a choice: not sent. */
export const ALL = -1;
export const ALL_VALUE = String(ALL);

/** The service steps (FIRST_STEPS), in their order. */
export const STEPS: readonly Choice[] = [
  { value: 'handoverYJJ', label: '预交接' },
  { value: 'handover', label: '交接' },
  { value: 'startCall', label: '开课电话' },
  { value: 'feedback', label: '课后反馈' },
  { value: 'followup', label: '回访' },
];

/** The course tabs (FIRST_TAB_TYPES). */
export const COURSES: readonly Choice[] = [
  { value: 'ZJ', label: '正价课首课' },
  { value: 'ST', label: '试听课' },
];

/** The executors' roles. */
export const EXECUTOR_ROLES: readonly Choice[] = [
  { value: 'consultant', label: '顾问' },
  { value: '1v1_xg', label: '学管' },
  { value: 'teacher', label: '老师' },
];

export const TODO = 0;
export const DONE = 1;
export const OVERDUE = 2;

/** A task's states (STEP_STATUSES). */
export const STATUSES: readonly Choice[] = [
  { value: String(TODO), label: '待完成' },
  { value: String(DONE), label: '已完成' },
  { value: String(OVERDUE), label: '已逾期' },
];

export const NOT_CHECKED = 0;
export const QUALIFIED = 1;
export const UNQUALIFIED = 2;

/** A task's checks (STEP_QC_STATUSES). */
export const QC_STATUSES: readonly Choice[] = [
  { value: String(NOT_CHECKED), label: '未质检' },
  { value: String(QUALIFIED), label: '合格' },
  { value: String(UNQUALIFIED), label: '不合格' },
];

/** The longest note of an executor or an inspector (protocol MAX_TASK_NOTE_CHARS). */
export const NOTE_MAX_CHARS = 500;

/** The choices with 全部 (-1) first. */
export function withAll(choices: readonly Choice[], label = '全部'): Choice[] {
  return [{ value: ALL_VALUE, label }, ...choices];
}

const labelOf = (choices: readonly Choice[], value: string | number) =>
  choices.find((c) => c.value === String(value))?.label ?? '';

export interface BadgeSpec {
  text: string;
  color: string;
}

/** The state as shown: overdue red, done late 逾期完成 (orange), done green, to do blue. */
export function stateBadge(task: Pick<WorkTaskRow, 'status' | 'statusDesc' | 'finishedLate'>): BadgeSpec {
  const text = task.statusDesc || labelOf(STATUSES, task.status);
  if (task.status === OVERDUE) return { text, color: 'red' };
  if (task.status === DONE) return task.finishedLate ? { text: '逾期完成', color: 'orange' } : { text, color: 'green' };
  return { text, color: 'blue' };
}

/** The check as shown: qualified green, unqualified red, not checked grey. */
export function qcBadge(task: Pick<WorkTaskRow, 'qcStatus' | 'qcStatusDesc'>): BadgeSpec {
  const text = task.qcStatusDesc || labelOf(QC_STATUSES, task.qcStatus);
  if (task.qcStatus === QUALIFIED) return { text, color: 'green' };
  if (task.qcStatus === UNQUALIFIED) return { text, color: 'red' };
  return { text, color: 'gray' };
}

/** Whether the signed-in user (user info `e2uid`, their id) may finish the task: theirs, not done. */
export function canFinish(
  task: Pick<WorkTaskRow, 'status' | 'executorId'>,
  userId: string | null | undefined,
): boolean {
  return task.status !== DONE && !!userId && String(task.executorId) === userId;
}

/** A task's accessible name: its task, student and lesson day. */
export function taskLabel(task: Pick<WorkTaskRow, 'id' | 'taskName' | 'studentName'>): string {
  return `${task.taskName} ${task.studentName} #${task.id}`;
}

/** 任务详情 of a task (/easyServer/workTaskDetail?id=). */
export function taskDetailPath(id: number): string {
  return `${routesByName.get('WorkTaskDetail')?.path ?? paths.home.path}?id=${id}`;
}

/** 我的任务. */
export function myTaskPath(): string {
  return routesByName.get('MyTask')?.path ?? paths.home.path;
}
