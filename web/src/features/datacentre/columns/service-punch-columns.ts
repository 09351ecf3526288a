// The service details' columns (spec 02 §3.2 "Service punch"): when and by whom a service was
// punched, for which student, and where its check stands. The server sorts by the punch's time
// and the last check's. Statuses are the server's descriptions (02 §4).

import type { ReportColumn } from '@/components/data-table/report-column';
import type { ServicePunchRow } from '@/generated/ServicePunchRow';
import { formatInstant } from '@/lib/report-format';

export const SERVICE_PUNCH_COLUMNS: ReportColumn<ServicePunchRow>[] = [
  {
    prop: 'punchTime',
    label: '打卡时间',
    fixed: 'left',
    minWidth: 160,
    sortable: 'custom',
    format: (r) => formatInstant(r.punchTime),
  },
  { prop: 'punchOperator', label: '打卡人', minWidth: 100 },
  { prop: 'roleName', label: '角色', minWidth: 100 },
  { prop: 'serviceTypeName', label: '服务类型', minWidth: 120 },
  { prop: 'studentCode', label: '学员编号', minWidth: 120 },
  { prop: 'studentName', label: '学员姓名', minWidth: 100 },
  { prop: 'schoolName', label: '学校', minWidth: 120 },
  { prop: 'subjectName', label: '学科', minWidth: 100, show: false },
  { prop: 'className', label: '班级', minWidth: 160, show: false },
  { prop: 'punchChannel', label: '打卡渠道', minWidth: 100 },
  { prop: 'submissionTag', label: '提交标签', minWidth: 100 },
  { prop: 'contentExcerpt', label: '服务内容', minWidth: 240, show: false },
  { prop: 'checkStatusDesc', label: '质检状态', minWidth: 100 },
  { prop: 'resultStatusDesc', label: '质检结果', minWidth: 100 },
  {
    prop: 'lastQcTime',
    label: '最近质检时间',
    minWidth: 160,
    sortable: 'custom',
    show: false,
    format: (r) => formatInstant(r.lastQcTime),
  },
];
