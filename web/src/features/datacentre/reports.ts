// The data centre's reports built here: where each is read, its columns, how its rows are told
// apart, and its export (`excelType`, the file's name).

import type { AttendanceRow } from '@/generated/AttendanceRow';
import type { RefundRow } from '@/generated/RefundRow';
import type { VipStudentRow } from '@/generated/VipStudentRow';
import { CLASS_ATTENDANCE_COLUMNS, VIP_ATTENDANCE_COLUMNS } from './columns/attendance-columns';
import { CLASS_REFUND_COLUMNS, VIP_REFUND_COLUMNS } from './columns/refund-columns';
import { VIP_STUDENT_COLUMNS } from './columns/vip-student-columns';
import { formatInstant } from './dc-format';
import type { ReportColumn } from './report-column';

export interface ReportDef<T> {
  /** The export's excelType; also names the table's stored column settings. */
  excelType: 'attendanceClass' | 'attendanceVip' | 'refundClass' | 'refundVip' | 'vipStudents';
  /** The table's name and the exported file's. */
  title: string;
  path: string;
  columns: ReportColumn<T>[];
  rowKey: (row: T) => string | number;
  /** A row's accessible name. */
  rowLabel: (row: T) => string;
}

const attendanceKey = (r: AttendanceRow) => `${r.lessonId}-${r.studentCode}`;
const attendanceLabel = (r: AttendanceRow) => `${r.studentName} ${r.classTimeDesc}`;
const refundLabel = (r: RefundRow) => `${r.studentName} ${formatInstant(r.refundTimestamp)}`;

export const ATTENDANCE_CLASS: ReportDef<AttendanceRow> = {
  excelType: 'attendanceClass',
  title: '班课出勤明细',
  path: '/api/attendance/detail/class',
  columns: CLASS_ATTENDANCE_COLUMNS,
  rowKey: attendanceKey,
  rowLabel: attendanceLabel,
};

export const ATTENDANCE_VIP: ReportDef<AttendanceRow> = {
  excelType: 'attendanceVip',
  title: '一对一出勤明细',
  path: '/api/attendance/detail/vip',
  columns: VIP_ATTENDANCE_COLUMNS,
  rowKey: attendanceKey,
  rowLabel: attendanceLabel,
};

export const REFUND_CLASS: ReportDef<RefundRow> = {
  excelType: 'refundClass',
  title: '班课退费明细',
  path: '/api/refund/detail/class',
  columns: CLASS_REFUND_COLUMNS,
  rowKey: (r) => r.refundId,
  rowLabel: refundLabel,
};

export const REFUND_VIP: ReportDef<RefundRow> = {
  excelType: 'refundVip',
  title: '一对一退费明细',
  path: '/api/refund/detail/vip',
  columns: VIP_REFUND_COLUMNS,
  rowKey: (r) => r.refundId,
  rowLabel: refundLabel,
};

export const VIP_STUDENTS: ReportDef<VipStudentRow> = {
  excelType: 'vipStudents',
  title: '一对一学员',
  path: '/api/databoard/vip/students',
  columns: VIP_STUDENT_COLUMNS,
  rowKey: (r) => r.studentCode,
  rowLabel: (r) => r.studentName,
};

/** Where a report's column settings are kept (localStorage). */
export function reportStoreKey({ excelType }: { excelType: string }): string {
  return `datacentre-${excelType}`;
}
