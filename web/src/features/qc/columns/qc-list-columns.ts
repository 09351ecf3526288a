// The QC list's columns (spec 02 §3.2 "QC list"): a staff member, their punches in the period and
// where the checks stand. Statuses are the server's descriptions (02 §4). The server sorts by the
// service count, the check count and the last check. The name opens the member's punches (the
// screen draws it as a button).

import type { ReportColumn } from '@/components/data-table/report-column';
import type { QcEmployeeRow } from '@/generated/QcEmployeeRow';
import { formatCount, formatInstant, formatText } from '@/lib/report-format';

export const QC_LIST_COLUMNS: ReportColumn<QcEmployeeRow>[] = [
  { prop: 'employeeName', label: '员工姓名', fixed: 'left', minWidth: 120 },
  { prop: 'email', label: '邮箱', minWidth: 200, show: false },
  { prop: 'roleCodeStr', label: '角色', minWidth: 120 },
  { prop: 'schoolName', label: '学校', minWidth: 120 },
  {
    prop: 'serviceCount',
    label: '服务次数',
    minWidth: 100,
    sortable: 'custom',
    format: (r) => formatCount(r.serviceCount),
  },
  { prop: 'checkedCount', label: '已质检数', minWidth: 100, format: (r) => formatCount(r.checkedCount) },
  { prop: 'unqualifiedCount', label: '不合格数', minWidth: 100, format: (r) => formatCount(r.unqualifiedCount) },
  { prop: 'checkStatusStr', label: '质检状态', minWidth: 100 },
  { prop: 'resultStatusStr', label: '质检结果', minWidth: 100 },
  { prop: 'classicCaseStr', label: '典型案例', minWidth: 100 },
  {
    prop: 'qcCount',
    label: '质检次数',
    minWidth: 100,
    tooltip: '期间内对该员工打卡记录的质检次数',
    sortable: 'custom',
    format: (r) => formatCount(r.qcCount),
  },
  {
    prop: 'lastQcTime',
    label: '最近质检时间',
    minWidth: 160,
    sortable: 'custom',
    format: (r) => formatInstant(r.lastQcTime),
  },
  { prop: 'lastQcOperator', label: '最近质检人', minWidth: 110 },
  { prop: 'groupName', label: '质检组', minWidth: 120 },
  {
    prop: 'responsibleList',
    label: '质检负责人',
    minWidth: 160,
    format: (r) => formatText(r.responsibleList.join('、')),
  },
];
