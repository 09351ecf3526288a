// The QC statistics' columns (spec 02 §2, §3.2 "QC statistics"): the fixed columns of each view
// and the dynamic ones the server adds per service type, inserted after overallCoverageRate, or
// after serviceCount in the student view; the 合计 row; where each view is read. Pure functions.

import type { ListSort } from '@/components/data-table/list-table';
import type { DynamicColumn } from '@/generated/DynamicColumn';
import type { QcStatPage } from '@/generated/QcStatPage';
import type { QcStatRow } from '@/generated/QcStatRow';
import type { SortInfo } from '@/generated/SortInfo';
import { formatCount, formatDcRate, formatText } from '@/lib/report-format';

export type StatView = 'teacher' | 'class' | 'student' | 'service';
/** The teacher view's side: class teachers or one-on-one teachers. */
export type StatSide = 'class' | 'vip';

export const STAT_VIEWS: readonly { value: StatView; label: string }[] = [
  { value: 'teacher', label: '教师' },
  { value: 'class', label: '班级' },
  { value: 'student', label: '学员' },
  { value: 'service', label: '服务' },
];

export const STAT_SIDES: readonly { value: StatSide; label: string }[] = [
  { value: 'class', label: '班课' },
  { value: 'vip', label: '一对一' },
];

/** The table's name: 班课教师统计, 一对一教师统计, 班级统计, 学员统计, 服务统计. */
export function statTableLabel(view: StatView, side: StatSide): string {
  const name = STAT_VIEWS.find((v) => v.value === view)?.label ?? '';
  const prefix = view === 'teacher' ? (STAT_SIDES.find((s) => s.value === side)?.label ?? '') : '';
  return `${prefix}${name}统计`;
}

/** Where a view is read: teachers by side, classes from the class side. */
export function statPath(view: StatView, side: StatSide): string {
  if (view === 'teacher') return `/api/serviceStatistics/${side}`;
  if (view === 'class') return '/api/serviceStatistics/class';
  return `/api/serviceStatistics/${view}`;
}

/** Each view (and the teacher view's side) remembers its own column settings. */
export function statStoreKey(view: StatView, side: StatSide): string {
  return view === 'teacher' ? `qc-stat-teacher-${side}` : `qc-stat-${view}`;
}

export interface StatColumn {
  /** A field of the row, or a dynamic column's key in `serviceValues`. */
  prop: string;
  label: string;
  kind: 'text' | 'count' | 'rate';
  value: (row: QcStatRow) => string | number | undefined;
  fixed?: 'left';
  minWidth?: number;
  tooltip?: string;
  /** The server sorts by it (its prop is the sort field). */
  sortable?: boolean;
}

type StatField = Exclude<keyof QcStatRow, 'serviceValues'>;

/** The fields the server sorts the rows by (storage `qc::stats::SORTABLE`). */
const SORTABLE: readonly StatField[] = [
  'takeStudentCount',
  'servicedStudentCount',
  'serviceCount',
  'overallCoverageRate',
  'qcCheckedCount',
  'qcCheckRate',
  'qcCheckQualifiedRate',
  'qcCheckUnQualifiedRate',
];

function field(prop: StatField, label: string, kind: StatColumn['kind'], extra: Partial<StatColumn> = {}): StatColumn {
  return { prop, label, kind, value: (row) => row[prop], sortable: SORTABLE.includes(prop), ...extra };
}

/** The label of qcCheckRate with the rule's target next to it. */
export function checkRateLabel(sampleRatePercent: number | undefined): string {
  return sampleRatePercent === undefined ? '质检率' : `质检率（目标${sampleRatePercent}%）`;
}

const NAMES: Record<StatView, [name: string, code: string]> = {
  teacher: ['教师', '邮箱'],
  class: ['班级', '班级编码'],
  student: ['学员', '学员编号'],
  service: ['服务类型', ''],
};

/** The fixed columns of a view, in order. */
export function baseStatColumns(view: StatView, side: StatSide, sampleRatePercent?: number): StatColumn[] {
  const [name, code] = NAMES[view];
  const who = [field('name', name, 'text', { fixed: 'left', minWidth: 120 })];
  if (code) who.push(field('code', code, 'text', { minWidth: 160 }));
  if (view !== 'service') who.push(field('schoolName', '学校', 'text', { minWidth: 120 }));
  if (view === 'class' || view === 'student') who.push(field('teacherNames', '老师', 'text', { minWidth: 140 }));

  const coverage = field('overallCoverageRate', '整体覆盖率', 'rate', {
    minWidth: 120,
    tooltip: '已服务学员数 ÷ 带学员数',
  });
  const served =
    view === 'student'
      ? [field('serviceCount', '服务次数', 'count'), coverage]
      : [
          field('takeStudentCount', view === 'service' ? '应服务学员数' : '带学员数', 'count'),
          ...(view === 'teacher' && side === 'class' ? [field('classCount', '班级数', 'count')] : []),
          field('servicedStudentCount', '已服务学员数', 'count', { minWidth: 120 }),
          field('serviceCount', '服务次数', 'count'),
          coverage,
        ];

  const checks = [
    field('qcCheckedCount', '已质检数', 'count'),
    field('qcCheckQualifiedCount', '合格数', 'count'),
    field('qcCheckUnQualifiedCount', '不合格数', 'count'),
    field('qcCheckRate', checkRateLabel(sampleRatePercent), 'rate', {
      minWidth: 160,
      tooltip: '已质检数 ÷ 服务次数；目标为质检规则的抽检比例',
    }),
    field('qcCheckQualifiedRate', '合格率', 'rate'),
    field('qcCheckUnQualifiedRate', '不合格率', 'rate'),
  ];
  return [...who, ...served, ...checks];
}

/** The server's per-service columns; their values are in `serviceValues`. */
export function dynamicStatColumns(columns: readonly DynamicColumn[]): StatColumn[] {
  return columns.map((c) => ({
    prop: c.prop,
    label: c.label,
    kind: c.kind === 'rate' ? 'rate' : 'count',
    value: (row: QcStatRow) => row.serviceValues[c.prop],
    minWidth: 120,
  }));
}

/** The column the dynamic columns follow (02 §2). */
export function dynamicAnchor(view: StatView): StatField {
  return view === 'student' ? 'serviceCount' : 'overallCoverageRate';
}

/** `dynamic` right after the view's anchor column (at the end when the view has none). */
export function insertDynamicColumns(
  base: readonly StatColumn[],
  dynamic: readonly StatColumn[],
  view: StatView,
): StatColumn[] {
  const at = base.findIndex((c) => c.prop === dynamicAnchor(view));
  if (at < 0) return [...base, ...dynamic];
  return [...base.slice(0, at + 1), ...dynamic, ...base.slice(at + 1)];
}

/** Every column of a page of a view. */
export function statColumns(view: StatView, side: StatSide, page: QcStatPage | undefined): StatColumn[] {
  const base = baseStatColumns(view, side, page?.sampleRatePercent);
  return insertDynamicColumns(base, dynamicStatColumns(page?.columns ?? []), view);
}

/** The sort the server is asked for: a sortable column's prop. */
export function statSortInfo(columns: readonly StatColumn[], sort: ListSort | null): SortInfo | null {
  if (!sort) return null;
  return columns.some((c) => c.prop === sort.field && c.sortable) ? { field: sort.field, asc: sort.asc } : null;
}

/** A cell's text: counts with separators, rates as percentages (-1: '/'), '-' for nothing. */
export function statCell(row: QcStatRow, column: StatColumn): string {
  const value = column.value(row);
  if (typeof value === 'string') return formatText(value);
  if (column.kind === 'rate') return formatDcRate(value);
  if (column.kind === 'count') return formatCount(value);
  return formatText(value);
}

export const SUMMARY_LABEL = '合计';
/** The summary row's key (rows are keyed by their id, which is never negative). */
export const SUMMARY_KEY = 'summary';

export interface StatTableRow {
  key: string;
  row: QcStatRow;
  summary: boolean;
}

/** The rows shown: the 合计 row first, then the page's rows. */
export function statRows(page: QcStatPage | undefined): StatTableRow[] {
  if (!page) return [];
  const summary = { ...page.summary, name: SUMMARY_LABEL, code: '', schoolName: '', teacherNames: '' };
  return [
    { key: SUMMARY_KEY, row: summary, summary: true },
    ...page.records.map((row) => ({ key: `${row.id}-${row.code}`, row, summary: false })),
  ];
}

/** Whether a check rate falls short of the rule's target (a rate without a base does not). */
export function belowTarget(rate: number, sampleRatePercent: number | undefined): boolean {
  return sampleRatePercent !== undefined && rate >= 0 && rate * 100 < sampleRatePercent;
}
