// The platform-usage statistics' columns (spec 02 §3.2 "Platform usage"): a teacher per row, a
// teacher and student per row, a department per row (系统使用统计). Whether a teacher's use is
// valid (达标: resources bound to at least half of their lessons) shows as a coloured badge, '/'
// without lessons. Usage rates show with one decimal (02 §5). The server sorts the teachers and
// students by their counts; the departments come as one list.

import type { ReportColumn } from '@/components/data-table/report-column';
import type { DeptUsageRow } from '@/generated/DeptUsageRow';
import type { UsageStudentRow } from '@/generated/UsageStudentRow';
import type { UsageTeacherRow } from '@/generated/UsageTeacherRow';
import { formatCount, formatText, formatUsageRate } from '@/lib/report-format';

/** 1 valid, 0 not, -1 no lessons. */
type Validity = Pick<UsageTeacherRow, 'platformUsageValid' | 'platformUsageValidStr'>;

/** 达标 green, 未达标 red, '/' (no lessons) as plain text. */
export function validityColor({ platformUsageValid }: Validity): string | undefined {
  if (platformUsageValid === 1) return 'teal';
  if (platformUsageValid === 0) return 'red';
  return undefined;
}

export function validityText({ platformUsageValid, platformUsageValidStr }: Validity): string {
  return platformUsageValid < 0 ? '/' : formatText(platformUsageValidStr);
}

function validityColumn<T extends Validity>(): ReportColumn<T> {
  return {
    prop: 'platformUsageValidStr',
    label: '平台使用是否达标',
    minWidth: 150,
    tooltip: '绑定资源的课节不少于课节数的一半为达标；无课节为 /',
    format: validityText,
    badgeColor: validityColor,
  };
}

export const USAGE_TEACHER_COLUMNS: ReportColumn<UsageTeacherRow>[] = [
  { prop: 'teacherName', label: '老师', fixed: 'left', minWidth: 100 },
  { prop: 'teacherEmail', label: '老师邮箱', minWidth: 200 },
  { prop: 'schoolName', label: '学校', minWidth: 120 },
  { prop: 'deptName', label: '部门', minWidth: 120 },
  validityColumn<UsageTeacherRow>(),
  {
    prop: 'totalLessonCnt',
    label: '课节数',
    minWidth: 100,
    sortable: 'custom',
    format: (r) => formatCount(r.totalLessonCnt),
  },
  {
    prop: 'totalBindResLessonCnt',
    label: '绑定资源课节数',
    minWidth: 140,
    format: (r) => formatCount(r.totalBindResLessonCnt),
  },
  {
    prop: 'totalServiceStuCnt',
    label: '服务学员数',
    minWidth: 120,
    sortable: 'custom',
    format: (r) => formatCount(r.totalServiceStuCnt),
  },
  {
    prop: 'totalUsageCollectionCnt',
    label: '收藏次数',
    minWidth: 110,
    sortable: 'custom',
    format: (r) => formatCount(r.totalUsageCollectionCnt),
  },
  {
    prop: 'totalUsageArCnt',
    label: 'AR 使用次数',
    minWidth: 120,
    sortable: 'custom',
    format: (r) => formatCount(r.totalUsageArCnt),
  },
  {
    prop: 'totalBindResourceCnt',
    label: '绑定资源数',
    minWidth: 120,
    sortable: 'custom',
    format: (r) => formatCount(r.totalBindResourceCnt),
  },
  {
    prop: 'totalFeedbackCnt',
    label: '发送反馈报告数',
    minWidth: 140,
    sortable: 'custom',
    format: (r) => formatCount(r.totalFeedbackCnt),
  },
  {
    prop: 'totalLoginDayCnt',
    label: '登录天数',
    minWidth: 110,
    sortable: 'custom',
    format: (r) => formatCount(r.totalLoginDayCnt),
  },
  { prop: 'teacherStatus', label: '在职状态', minWidth: 100 },
];

export const USAGE_STUDENT_COLUMNS: ReportColumn<UsageStudentRow>[] = [
  { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 120 },
  { prop: 'studentName', label: '学员姓名', fixed: 'left', minWidth: 100 },
  { prop: 'teacherName', label: '老师', minWidth: 100 },
  { prop: 'teacherEmail', label: '老师邮箱', minWidth: 200 },
  { prop: 'schoolName', label: '学校', minWidth: 120 },
  validityColumn<UsageStudentRow>(),
  {
    prop: 'totalLessonCnt',
    label: '课节数',
    minWidth: 100,
    sortable: 'custom',
    tooltip: '学员上该老师的课节',
    format: (r) => formatCount(r.totalLessonCnt),
  },
  {
    prop: 'totalBindResLessonCnt',
    label: '绑定资源课节数',
    minWidth: 140,
    format: (r) => formatCount(r.totalBindResLessonCnt),
  },
  {
    prop: 'totalBindResourceCnt',
    label: '绑定资源数',
    minWidth: 120,
    sortable: 'custom',
    format: (r) => formatCount(r.totalBindResourceCnt),
  },
  {
    prop: 'totalFeedbackCnt',
    label: '发送反馈报告数',
    minWidth: 140,
    sortable: 'custom',
    format: (r) => formatCount(r.totalFeedbackCnt),
  },
];

export const DEPT_USAGE_COLUMNS: ReportColumn<DeptUsageRow>[] = [
  { prop: 'schoolName', label: '学校', fixed: 'left', minWidth: 120 },
  { prop: 'deptName', label: '部门', minWidth: 140 },
  {
    prop: 'teacherCnt',
    label: '老师数',
    minWidth: 100,
    tooltip: '部门的在职老师',
    format: (r) => formatCount(r.teacherCnt),
  },
  {
    prop: 'teachingTeacherCnt',
    label: '授课老师数',
    minWidth: 120,
    tooltip: '所选时间内有课的老师',
    format: (r) => formatCount(r.teachingTeacherCnt),
  },
  {
    prop: 'validTeacherCnt',
    label: '达标老师数',
    minWidth: 120,
    format: (r) => formatCount(r.validTeacherCnt),
  },
  {
    prop: 'loginTeacherCnt',
    label: '登录老师数',
    minWidth: 120,
    tooltip: '所选时间内至少登录一次的老师',
    format: (r) => formatCount(r.loginTeacherCnt),
  },
  {
    prop: 'totalPlatformUsageValidRate',
    label: '达标率',
    minWidth: 100,
    tooltip: '达标老师数 ÷ 授课老师数',
    format: (r) => formatUsageRate(r.totalPlatformUsageValidRate),
  },
];
