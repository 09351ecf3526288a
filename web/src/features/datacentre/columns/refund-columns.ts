// The refund details' columns (spec 02 §3.2 "Refund"), class and one-on-one. The server sorts by
// the refund's time, amount and lessons. The reason's code is not shown, its name is (02 §4).

import type { ReportColumn } from '@/components/data-table/report-column';
import type { RefundRow } from '@/generated/RefundRow';
import { formatInstant, formatMoney } from '@/lib/report-format';

function refundColumns(side: 'class' | 'vip'): ReportColumn<RefundRow>[] {
  return [
    { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 120 },
    { prop: 'studentName', label: '学员姓名', fixed: 'left', minWidth: 100 },
    { prop: 'schoolName', label: '学校', minWidth: 120 },
    { prop: 'areaName', label: '校区', minWidth: 120 },
    { prop: 'subjectName', label: '学科', minWidth: 100 },
    { prop: 'classCode', label: '班级编码', minWidth: 140, show: side === 'class' },
    { prop: 'className', label: '班级名称', minWidth: 200 },
    { prop: 'packageCode', label: '课时包编码', minWidth: 140, show: side === 'vip' },
    { prop: 'teacher', label: '老师', minWidth: 100 },
    {
      prop: 'refundTimestamp',
      label: '退费时间',
      minWidth: 160,
      sortable: 'custom',
      format: (r) => formatInstant(r.refundTimestamp),
    },
    {
      prop: 'refundAmount',
      label: '退费金额(元)',
      minWidth: 130,
      sortable: 'custom',
      format: (r) => formatMoney(r.refundAmount),
    },
    { prop: 'refundLessonTotal', label: '退费课时', minWidth: 110, sortable: 'custom' },
    { prop: 'refundReasonDesc', label: '退费原因类型', minWidth: 120 },
    { prop: 'refundReason', label: '退费原因', minWidth: 160 },
    { prop: 'refundReasonDetail', label: '退费原因详情', minWidth: 220 },
    {
      prop: 'classStartTimestamp',
      label: '开课时间',
      minWidth: 160,
      tooltip: side === 'class' ? '班级的第一节课' : '课时包的第一节课',
      format: (r) => formatInstant(r.classStartTimestamp),
    },
    { prop: 'leaveLesssonNo', label: '退出课次', minWidth: 100, tooltip: '学员从第几节课起不再上课' },
  ];
}

export const CLASS_REFUND_COLUMNS = refundColumns('class');
export const VIP_REFUND_COLUMNS = refundColumns('vip');
