// The columns of 任务管理's service tasks (spec 02 §3.2 "Service punch"): a punch is a service task
// done, so these are the punch columns of 服务质检 with who did it and at which school after the
// time. The result shows as a badge. The screen adds the actions.

import type { ReportColumn } from '@/components/data-table/report-column';
import type { ServicePunchRow } from '@/generated/ServicePunchRow';
import { PUNCH_COLUMNS, punchLabel } from './punch-columns';

const RESULT_COLORS: Record<number, string> = { 1: 'green', 2: 'red' };

const WHO: ReportColumn<ServicePunchRow>[] = [
  { prop: 'punchOperator', label: '打卡人', minWidth: 100 },
  { prop: 'operatorEmail', label: '打卡人邮箱', minWidth: 200, show: false },
  { prop: 'schoolName', label: '学校', minWidth: 120 },
];

export const TASK_COLUMNS: ReportColumn<ServicePunchRow>[] = PUNCH_COLUMNS.flatMap((c) => {
  if (c.prop === 'punchTime') return [c, ...WHO];
  if (c.prop === 'resultStatusDesc') return [{ ...c, badgeColor: (r) => RESULT_COLORS[r.resultStatus] }];
  return [c];
});

/** A task's accessible name: who punched, then the punch. */
export function taskLabel(r: ServicePunchRow): string {
  return `${r.punchOperator} ${punchLabel(r)}`;
}
