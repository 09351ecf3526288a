// The attendance details' columns (spec 02 §3.2 "Attendance"), class and one-on-one. The server
// sorts by the lesson's start (classTime), the clock-in, the lesson length and the student code.

import type { ReportColumn } from '@/components/data-table/report-column';
import type { AttendanceRow } from '@/generated/AttendanceRow';
import { formatInstant } from '@/lib/report-format';

function attendanceColumns(side: 'class' | 'vip'): ReportColumn<AttendanceRow>[] {
  return [
    { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 120, sortable: 'custom' },
    { prop: 'studentName', label: '学员姓名', fixed: 'left', minWidth: 100 },
    { prop: 'schoolName', label: '学校', minWidth: 120 },
    { prop: 'areaName', label: '校区', minWidth: 120 },
    { prop: 'subjectName', label: '学科', minWidth: 100 },
    { prop: 'classTimeDesc', label: '上课时间', minWidth: 200, sortable: 'custom', sortField: 'classTime' },
    { prop: 'attendanceStatusDesc', label: '出勤状态', minWidth: 100 },
    {
      prop: 'oneLessonMinutes',
      label: '单节课时长(分钟)',
      minWidth: 150,
      sortable: 'custom',
      tooltip: '该节课的时长，单位分钟',
    },
    {
      prop: 'clockInTimestamp',
      label: '打卡时间',
      minWidth: 160,
      sortable: 'custom',
      format: (r) => formatInstant(r.clockInTimestamp),
    },
    { prop: 'leaveStatusDesc', label: '请假状态', minWidth: 100 },
    { prop: 'lessonTypeDesc', label: '课程类型', minWidth: 100 },
    { prop: 'lessonId', label: '课节ID', minWidth: 100 },
    { prop: 'classCode', label: '班级编码', minWidth: 140, show: side === 'class' },
    { prop: 'className', label: '班级名称', minWidth: 200 },
    { prop: 'teacher', label: '老师', minWidth: 100 },
    {
      prop: 'lessonPackageCode',
      label: '课时包编码',
      minWidth: 140,
      show: side === 'vip',
      tooltip: '一对一课消耗课时的课时包',
    },
  ];
}

export const CLASS_ATTENDANCE_COLUMNS = attendanceColumns('class');
export const VIP_ATTENDANCE_COLUMNS = attendanceColumns('vip');
