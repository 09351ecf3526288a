// The columns of 工作任务统计 by grouping: the group's names (an executor and their school, a
// school, a step), then the counts and rates, each sorted by the server (`sortInfo`).

import type { ReportColumn } from '@/components/data-table/report-column';
import type { WorkTaskStatRow } from '@/generated/WorkTaskStatRow';
import { formatCount, formatDcRate } from '@/lib/report-format';
import type { StatType } from '../work-task-search';

type Column = ReportColumn<WorkTaskStatRow>;

/** The figures of a row. */
type Figure = { [K in keyof WorkTaskStatRow]: WorkTaskStatRow[K] extends number ? K : never }[keyof WorkTaskStatRow];

const count = (prop: Figure, label: string, tooltip?: string): Column => ({
  prop,
  label,
  minWidth: 110,
  sortable: 'custom',
  format: (r) => formatCount(r[prop]),
  ...(tooltip ? { tooltip } : {}),
});

const rate = (prop: Figure, label: string, tooltip: string): Column => ({
  prop,
  label,
  minWidth: 120,
  sortable: 'custom',
  tooltip,
  format: (r) => formatDcRate(r[prop]),
});

const FIGURES: readonly Column[] = [
  count('taskCnt', '任务数'),
  count('doneCnt', '已完成'),
  count('onTimeCnt', '按时完成', '在截止时间前完成的任务'),
  count('overdueCnt', '逾期', '已过截止时间仍未完成，或在截止时间后完成的任务'),
  count('checkedCnt', '已质检'),
  count('qualifiedCnt', '合格'),
  count('unqualifiedCnt', '不合格'),
  rate('doneRate', '完成率', '已完成 ÷ 任务数'),
  rate('onTimeRate', '按时完成率', '按时完成 ÷ 已完成'),
  rate('checkedRate', '质检率', '已质检 ÷ 已完成'),
  rate('qualifiedRate', '合格率', '合格 ÷ 已质检'),
];

const IDENTITY: Record<StatType, readonly Column[]> = {
  executor: [
    { prop: 'name', label: '执行人', minWidth: 120, fixed: 'left' },
    { prop: 'schoolName', label: '学校', minWidth: 140 },
  ],
  school: [{ prop: 'name', label: '校区', minWidth: 140, fixed: 'left' }],
  step: [{ prop: 'name', label: '环节', minWidth: 120, fixed: 'left' }],
};

export function statColumns(statType: StatType): Column[] {
  return [...IDENTITY[statType], ...FIGURES];
}
