// The columns of the work-task lists: 我的任务 (the caller's own, without the executor) and
// 工作任务质检 (with the executor, the check's inspector and time and the automatic reading).
// Neither list sorts: the server gives the most pressing first.

import type { ReportColumn } from '@/components/data-table/report-column';
import type { WorkTaskRow } from '@/generated/WorkTaskRow';
import { formatDay, formatInstant, formatText } from '@/lib/report-format';
import { qcBadge, stateBadge } from '../work-task-dict';

type Column = ReportColumn<WorkTaskRow>;

const taskName: Column = { prop: 'taskName', label: '任务名称', minWidth: 150 };
const stepName: Column = { prop: 'stepName', label: '环节', minWidth: 100 };
const course: Column = { prop: 'courseTypeDesc', label: '课程类型', minWidth: 110 };
const executor: Column = { prop: 'executorName', label: '执行人', minWidth: 110 };
const executorRole: Column = { prop: 'executorRoleDesc', label: '执行角色', minWidth: 100 };
const student: Column = {
  prop: 'studentName',
  label: '学员',
  minWidth: 150,
  format: (r) => (r.studentCode ? `${formatText(r.studentName)}（${r.studentCode}）` : formatText(r.studentName)),
};
const teacher: Column = { prop: 'teacherName', label: '老师', minWidth: 100 };
const school: Column = { prop: 'schoolName', label: '学校', minWidth: 130 };
const subject: Column = { prop: 'subjectName', label: '学科', minWidth: 100 };
const lessonDay: Column = {
  prop: 'lessonTime',
  label: '上课日期',
  minWidth: 110,
  format: (r) => formatDay(r.lessonTime),
};
const startAt: Column = {
  prop: 'startAt',
  label: '开始时间',
  minWidth: 150,
  show: false,
  format: (r) => formatInstant(r.startAt),
};
const endAt: Column = { prop: 'endAt', label: '截止时间', minWidth: 150, format: (r) => formatInstant(r.endAt) };
const state: Column = {
  prop: 'status',
  label: '状态',
  minWidth: 100,
  format: (r) => stateBadge(r).text,
  badgeColor: (r) => stateBadge(r).color,
};
const finishedAt: Column = {
  prop: 'finishedAt',
  label: '完成时间',
  minWidth: 150,
  format: (r) => formatInstant(r.finishedAt),
};
const note: Column = { prop: 'note', label: '完成说明', minWidth: 180 };
const qcResult: Column = {
  prop: 'qcStatus',
  label: '质检结果',
  minWidth: 100,
  format: (r) => qcBadge(r).text,
  badgeColor: (r) => qcBadge(r).color,
};
const qcRemark: Column = { prop: 'qcRemark', label: '质检备注', minWidth: 180 };
const qcOperator: Column = { prop: 'qcOperatorName', label: '质检人', minWidth: 100 };
const qcAt: Column = { prop: 'qcAt', label: '质检时间', minWidth: 150, format: (r) => formatInstant(r.qcAt) };
const firstTag: Column = { prop: 'firstTag', label: 'AI 标记', minWidth: 150 };

/** 我的任务. */
export const MY_TASK_COLUMNS: readonly Column[] = [
  taskName,
  stepName,
  course,
  student,
  subject,
  lessonDay,
  startAt,
  endAt,
  state,
  finishedAt,
  qcResult,
  qcRemark,
];

/** 工作任务质检. */
export const QC_TASK_COLUMNS: readonly Column[] = [
  taskName,
  stepName,
  course,
  executor,
  executorRole,
  student,
  teacher,
  school,
  subject,
  lessonDay,
  endAt,
  state,
  finishedAt,
  note,
  qcResult,
  qcOperator,
  qcAt,
  qcRemark,
  firstTag,
];

/** The columns the server's export of 工作任务质检 writes (props of WorkTaskRow). */
const QC_EXPORT_PROPS: ReadonlySet<string> = new Set([
  'taskName',
  'stepName',
  'courseTypeDesc',
  'executorName',
  'executorEmail',
  'executorRoleDesc',
  'studentCode',
  'studentName',
  'teacherName',
  'schoolName',
  'subjectName',
  'lessonTime',
  'startAt',
  'endAt',
  'status',
  'finishedAt',
  'note',
  'qcStatus',
  'qcRemark',
  'qcOperatorName',
  'qcAt',
  'firstTag',
]);

/**
 * The columns an export of 工作任务质检 writes: the shown ones (accessors, in the order drawn) the
 * server knows, the student's code before the student (the cell shows both).
 */
export function qcExportColumns(shown: readonly string[]): string[] {
  return shown.flatMap((prop) => {
    if (prop === 'studentName') return ['studentCode', prop];
    return QC_EXPORT_PROPS.has(prop) ? [prop] : [];
  });
}
