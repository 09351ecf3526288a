// The lesson-preparation statistics' columns (spec 02 §3.2 "Lesson preparation"), one-on-one and
// class: a teacher per row (老师汇总) and a held lesson per row (课节明细). Tenures are days. The
// server sorts the teachers by their counts, rate and teaching age, the lessons by their time,
// bound resources and collections.

import type { ReportColumn } from '@/components/data-table/report-column';
import type { PrepLessonRow } from '@/generated/PrepLessonRow';
import type { PrepTeacherRow } from '@/generated/PrepTeacherRow';
import { formatCount, formatDcRate } from '@/lib/report-format';

export const PREP_TEACHER_COLUMNS: ReportColumn<PrepTeacherRow>[] = [
  { prop: 'teacherName', label: '老师', fixed: 'left', minWidth: 100 },
  { prop: 'teacherEmail', label: '老师邮箱', minWidth: 200 },
  { prop: 'schoolName', label: '学校', minWidth: 120 },
  {
    prop: 'lessonCount',
    label: '课节数',
    minWidth: 100,
    sortable: 'custom',
    format: (r) => formatCount(r.lessonCount),
  },
  {
    prop: 'bindResLessonCount',
    label: '绑定资源课节数',
    minWidth: 140,
    sortable: 'custom',
    format: (r) => formatCount(r.bindResLessonCount),
  },
  {
    prop: 'bindResLessonCountRate',
    label: '绑定资源课节占比',
    minWidth: 150,
    sortable: 'custom',
    tooltip: '绑定资源课节数 ÷ 课节数',
    format: (r) => formatDcRate(r.bindResLessonCountRate),
  },
  {
    prop: 'isRecycleCount',
    label: '回收课节数',
    minWidth: 120,
    sortable: 'custom',
    tooltip: '收到学员提交的课节',
    format: (r) => formatCount(r.isRecycleCount),
  },
  {
    prop: 'recycleCollectionCount',
    label: '回收份数',
    minWidth: 110,
    sortable: 'custom',
    tooltip: '收到的学员提交',
    format: (r) => formatCount(r.recycleCollectionCount),
  },
  {
    prop: 'sendFeedbackReportCount',
    label: '发送反馈报告数',
    minWidth: 140,
    sortable: 'custom',
    format: (r) => formatCount(r.sendFeedbackReportCount),
  },
  { prop: 'publishResource', label: '发布资源数', minWidth: 120, format: (r) => formatCount(r.publishResource) },
  { prop: 'recycleResource', label: '回收资源数', minWidth: 120, format: (r) => formatCount(r.recycleResource) },
  { prop: 'teacherTeachTime', label: '教龄（天）', minWidth: 110, sortable: 'custom' },
  { prop: 'teacherCompanyTime', label: '司龄（天）', minWidth: 110 },
];

function prepLessonColumns(side: 'class' | 'vip'): ReportColumn<PrepLessonRow>[] {
  return [
    {
      prop: 'lessonTimeDesc',
      label: '上课时间',
      fixed: 'left',
      minWidth: 200,
      sortable: 'custom',
      sortField: 'lessonTime',
    },
    { prop: 'classCode', label: '班级编码', minWidth: 140, show: side === 'class' },
    { prop: 'className', label: side === 'class' ? '班级名称' : '课程名称', minWidth: 200 },
    { prop: 'subjectName', label: '学科', minWidth: 100 },
    { prop: 'schoolName', label: '学校', minWidth: 120 },
    { prop: 'teacherName', label: '老师', minWidth: 100 },
    { prop: 'teacherEmail', label: '老师邮箱', minWidth: 200, show: false },
    { prop: 'studentCount', label: '到课人数', minWidth: 110, tooltip: '出勤与迟到的学员' },
    { prop: 'bindResLessonDesc', label: '是否绑定资源', minWidth: 120 },
    { prop: 'bindResourceCount', label: '绑定资源数', minWidth: 120, sortable: 'custom' },
    { prop: 'publishResource', label: '发布资源数', minWidth: 120 },
    { prop: 'recycleResource', label: '回收资源数', minWidth: 120 },
    { prop: 'isRecycleDesc', label: '是否回收', minWidth: 100 },
    { prop: 'recycleCollectionCount', label: '回收份数', minWidth: 110, sortable: 'custom' },
    { prop: 'noRecycleCauseDesc', label: '未回收原因', minWidth: 140 },
    { prop: 'sendFeedbackReportCount', label: '发送反馈报告数', minWidth: 140 },
    { prop: 'teacherTeachTime', label: '教龄（天）', minWidth: 110 },
    { prop: 'teacherCompanyTime', label: '司龄（天）', minWidth: 110 },
    { prop: 'lessonId', label: '课节ID', minWidth: 100 },
  ];
}

export const CLASS_PREP_LESSON_COLUMNS = prepLessonColumns('class');
export const VIP_PREP_LESSON_COLUMNS = prepLessonColumns('vip');
