// 通用任务管理's rows and columns (spec 02 §3.2 "QC statistics", §7.6 `service`,
// `serviceStatistics`): service types are the tasks common to every school — which roles owe each
// student what, how often — and the service view of the statistics says, per type, how they were
// done and checked in the searched period. Both lists hold the enabled types, keyed by the type's
// id. Pure functions.

import type { ReportColumn } from '@/components/data-table/report-column';
import type { QcStatPage } from '@/generated/QcStatPage';
import type { QcStatRow } from '@/generated/QcStatRow';
import type { ServiceType } from '@/generated/ServiceType';
import { formatCount, formatDcRate, formatText } from '@/lib/report-format';

type Figure =
  | 'takeStudentCount'
  | 'servicedStudentCount'
  | 'serviceCount'
  | 'overallCoverageRate'
  | 'qcCheckedCount'
  | 'qcCheckQualifiedCount'
  | 'qcCheckUnQualifiedCount'
  | 'qcCheckRate'
  | 'qcCheckQualifiedRate';

/** A common task: its definition and its figures of the period (null until read). */
export type CommonTaskRow = {
  id: number;
  service: ServiceType;
  name: string;
  sideDesc: string;
  roleNames: string;
  periodTypeDesc: string;
  requiredTimes: number;
  formFieldCount: number;
} & Record<Figure, number | null>;

const FIGURES: readonly Figure[] = [
  'takeStudentCount',
  'servicedStudentCount',
  'serviceCount',
  'overallCoverageRate',
  'qcCheckedCount',
  'qcCheckQualifiedCount',
  'qcCheckUnQualifiedCount',
  'qcCheckRate',
  'qcCheckQualifiedRate',
];

function figuresOf(stat: QcStatRow | undefined): Record<Figure, number | null> {
  return Object.fromEntries(FIGURES.map((f) => [f, stat ? stat[f] : null])) as Record<Figure, number | null>;
}

/** The tasks in their order (the server's), each with its row of the service statistics. */
export function commonTaskRows(tasks: readonly ServiceType[], stats: QcStatPage | undefined): CommonTaskRow[] {
  const byId = new Map((stats?.records ?? []).map((r) => [r.id, r]));
  return tasks.map((service) => ({
    id: service.id,
    service,
    name: service.name,
    sideDesc: service.sideDesc,
    roleNames: service.roleNames.join('、'),
    periodTypeDesc: service.periodTypeDesc,
    requiredTimes: service.requiredTimes,
    formFieldCount: service.formFields.length,
    ...figuresOf(byId.get(service.id)),
  }));
}

const count = (prop: Figure, label: string, extra: Partial<ReportColumn<CommonTaskRow>> = {}) => ({
  prop,
  label,
  minWidth: 110,
  format: (r: CommonTaskRow) => formatCount(r[prop]),
  ...extra,
});
const rate = (prop: Figure, label: string, extra: Partial<ReportColumn<CommonTaskRow>> = {}) => ({
  prop,
  label,
  minWidth: 110,
  format: (r: CommonTaskRow) => formatDcRate(r[prop]),
  ...extra,
});

export const COMMON_TASK_COLUMNS: ReportColumn<CommonTaskRow>[] = [
  { prop: 'name', label: '任务名称', fixed: 'left', minWidth: 140 },
  { prop: 'sideDesc', label: '适用课程', minWidth: 100 },
  { prop: 'roleNames', label: '执行角色', minWidth: 160, format: (r) => formatText(r.roleNames) },
  { prop: 'periodTypeDesc', label: '周期', minWidth: 100 },
  {
    prop: 'requiredTimes',
    label: '每生应完成次数',
    minWidth: 130,
    tooltip: '每个学员每个周期应完成的次数',
    format: (r) => formatCount(r.requiredTimes),
  },
  {
    prop: 'formFieldCount',
    label: '表单字段',
    minWidth: 100,
    show: false,
    format: (r) => formatCount(r.formFieldCount),
  },
  count('takeStudentCount', '应服务学员数', { minWidth: 120, tooltip: '期间内课程范围内的带学员数' }),
  count('servicedStudentCount', '已服务学员数', { minWidth: 120 }),
  count('serviceCount', '完成次数'),
  rate('overallCoverageRate', '覆盖率', { tooltip: '已服务学员数 ÷ 应服务学员数' }),
  count('qcCheckedCount', '已质检数'),
  count('qcCheckQualifiedCount', '合格数', { show: false }),
  count('qcCheckUnQualifiedCount', '不合格数'),
  rate('qcCheckRate', '质检率', { tooltip: '已质检数 ÷ 完成次数' }),
  rate('qcCheckQualifiedRate', '合格率'),
];
