// The columns of a staff member's punches in 服务质检 (spec 02 §3.2 "Service punch"): the punch,
// its student and where its check stands. The server sorts by the punch's and the last check's
// time. The screen adds the actions.

import type { ReportColumn } from '@/components/data-table/report-column';
import type { ServicePunchRow } from '@/generated/ServicePunchRow';
import { formatInstant } from '@/lib/report-format';

export const PUNCH_COLUMNS: ReportColumn<ServicePunchRow>[] = [
  {
    prop: 'punchTime',
    label: '打卡时间',
    fixed: 'left',
    minWidth: 160,
    sortable: 'custom',
    format: (r) => formatInstant(r.punchTime),
  },
  { prop: 'serviceTypeName', label: '服务类型', minWidth: 120 },
  { prop: 'roleName', label: '角色', minWidth: 100, show: false },
  { prop: 'studentName', label: '学员姓名', minWidth: 100 },
  { prop: 'studentCode', label: '学员编号', minWidth: 120, show: false },
  { prop: 'className', label: '班级', minWidth: 160 },
  { prop: 'subjectName', label: '学科', minWidth: 100, show: false },
  { prop: 'punchChannel', label: '打卡渠道', minWidth: 100 },
  { prop: 'submissionTag', label: '提交标签', minWidth: 100 },
  { prop: 'contentExcerpt', label: '服务内容', minWidth: 260 },
  { prop: 'checkStatusDesc', label: '质检状态', minWidth: 100 },
  { prop: 'resultStatusDesc', label: '质检结果', minWidth: 100 },
  { prop: 'classicCase', label: '典型案例', minWidth: 100, format: (r) => (r.classicCase ? '是' : '否') },
  {
    prop: 'lastQcTime',
    label: '最近质检时间',
    minWidth: 160,
    sortable: 'custom',
    format: (r) => formatInstant(r.lastQcTime),
  },
  { prop: 'lastQcOperator', label: '最近质检人', minWidth: 110 },
];

/** A punch's accessible name. */
export function punchLabel(r: ServicePunchRow): string {
  return `${r.studentName} ${r.serviceTypeName} ${formatInstant(r.punchTime)}`;
}
