// The data board's one-on-one students (`/databoard/vip/students`): their packages and lessons
// up to the period's end. The server sorts by the lesson counts and the last lesson.

import type { ReportColumn } from '@/components/data-table/report-column';
import type { VipStudentRow } from '@/generated/VipStudentRow';
import { formatInstant } from '@/lib/report-format';

export const VIP_STUDENT_COLUMNS: ReportColumn<VipStudentRow>[] = [
  { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 120 },
  { prop: 'studentName', label: '学员姓名', fixed: 'left', minWidth: 100 },
  { prop: 'schoolName', label: '学校', minWidth: 120 },
  { prop: 'areaName', label: '校区', minWidth: 120 },
  { prop: 'gradeName', label: '年级', minWidth: 100 },
  { prop: 'packageCount', label: '课时包数', minWidth: 100 },
  {
    prop: 'lessonCount',
    label: '总课时',
    minWidth: 100,
    sortable: 'custom',
    tooltip: '所有课时包的课时（购买与赠送）',
  },
  { prop: 'consumedLessonNum', label: '已消课时', minWidth: 110, sortable: 'custom' },
  { prop: 'leftCount', label: '剩余课时', minWidth: 110, sortable: 'custom' },
  {
    prop: 'periodLessonCount',
    label: '期间上课数',
    minWidth: 120,
    sortable: 'custom',
    tooltip: '所选时间内出勤的课次',
  },
  {
    prop: 'lastLessonTime',
    label: '最近上课时间',
    minWidth: 160,
    sortable: 'custom',
    format: (r) => formatInstant(r.lastLessonTime),
  },
  { prop: 'statusDesc', label: '状态', minWidth: 100, fixed: 'right' },
];
