// The data centre's reports built here: where each is read and with what body, its columns, how
// its rows are told apart, and its export (`excelType`, the file's name). The teaching-activity,
// first-lesson, training-examination, online-class and exam-grade reports are defined with their
// screens (activity-reports.ts, first-lesson-reports.ts, training-reports.ts, online-reports.ts,
// exam-grade-reports.ts).

import type { ReportColumn } from '@/components/data-table/report-column';
import type { AttendanceRow } from '@/generated/AttendanceRow';
import type { DcSearch } from '@/generated/DcSearch';
import type { RefundRow } from '@/generated/RefundRow';
import type { ServicePunchRow } from '@/generated/ServicePunchRow';
import type { VipStudentRow } from '@/generated/VipStudentRow';
import { formatInstant } from '@/lib/report-format';
import type { ReportRequest } from './api/report-page';
import { CLASS_ATTENDANCE_COLUMNS, VIP_ATTENDANCE_COLUMNS } from './columns/attendance-columns';
import { CLASS_REFUND_COLUMNS, VIP_REFUND_COLUMNS } from './columns/refund-columns';
import { SERVICE_PUNCH_COLUMNS } from './columns/service-punch-columns';
import { VIP_STUDENT_COLUMNS } from './columns/vip-student-columns';
import { servicePunchSearch } from './service-punch-search';

/** The reports the server exports (its `excelType`s). */
export type ReportExcelType =
  | 'attendanceClass'
  | 'attendanceVip'
  | 'refundClass'
  | 'refundVip'
  | 'vipStudents'
  | 'servicePunches'
  | 'prepVipTeachers'
  | 'prepVipLessons'
  | 'prepClassTeachers'
  | 'prepClassLessons'
  | 'usageVipTeachers'
  | 'usageVipStudents'
  | 'usageClassTeachers'
  | 'usageClassStudents'
  | 'feedbackDetail'
  | 'feedbackTeacher'
  | 'trainingTrainees'
  | 'trainingResults'
  | 'examGrades'
  | `first${'Whole' | 'Teacher' | 'Consultant' | 'LearnManage'}${'Stat' | 'Detail'}`
  | `online${'Main' | 'Auxiliary'}${'Stat' | 'StudentLessons' | 'Classes' | 'Quits'}`;

/**
 * How a report is named: its export's excelType, which also names the table's stored column
 * settings, unless `settingsName` does (a report without an export, or one of several screens
 * that export as one excelType).
 */
export type ReportNames =
  { excelType: ReportExcelType; settingsName?: string } | { excelType: null; settingsName: string };

export type ReportDef<T> = ReportNames & {
  /** The table's name and the exported file's. */
  title: string;
  path: string;
  /** The body of the report's call: the search as it is unless the call takes another shape. */
  request?: (search: DcSearch) => ReportRequest;
  columns: ReportColumn<T>[];
  rowKey: (row: T) => string | number;
  /** A row's accessible name. */
  rowLabel: (row: T) => string;
  /** Statistics: the page's totals (`summary`) as the 合计 row drawn first. */
  totalsRow?: (summary: T) => T;
};

/**
 * A list read whole (a class's or a lesson's detail in a drawer): no pages, no export; its
 * sortable columns sort the rows at hand. Its column settings are kept under `settingsName`.
 */
export interface ListReportDef<T> {
  settingsName: string;
  /** The table's name. */
  title: string;
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

/** Service punch records (02 §3.2, §7.6 /qc/service/detail/list), read only. */
export const SERVICE_PUNCHES: ReportDef<ServicePunchRow> = {
  excelType: 'servicePunches',
  title: '服务明细',
  path: '/api/qc/service/detail/list',
  request: servicePunchSearch,
  columns: SERVICE_PUNCH_COLUMNS,
  rowKey: (r) => r.punchId,
  rowLabel: (r) => `${r.studentName} ${r.serviceTypeName} ${formatInstant(r.punchTime)}`,
};

/** Where a report's column settings are kept (localStorage). */
export function reportStoreKey(names: ReportNames): string {
  const name = names.excelType === null ? names.settingsName : (names.settingsName ?? names.excelType);
  return `datacentre-${name}`;
}
