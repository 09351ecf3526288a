// The feedback statistics' columns (spec 02 §3.2 "Feedback statistics"): a due report (a student
// present at a lesson) per row (明细), and the reports' counts and rates per management project,
// subject or teacher. The server sorts the due reports by the lesson's time, the report's creation
// and the student code, the groups by the due reports and the rates.

import type { ReportColumn } from '@/components/data-table/report-column';
import type { FeedbackDetailRow } from '@/generated/FeedbackDetailRow';
import type { FeedbackStatRow } from '@/generated/FeedbackStatRow';
import { formatCount, formatDcRate, formatInstant } from '@/lib/report-format';

export const FEEDBACK_DETAIL_COLUMNS: ReportColumn<FeedbackDetailRow>[] = [
  {
    prop: 'lessonTimeDesc',
    label: '上课时间',
    fixed: 'left',
    minWidth: 200,
    sortable: 'custom',
    sortField: 'lessonTime',
  },
  { prop: 'studentCode', label: '学员编号', minWidth: 120, sortable: 'custom' },
  { prop: 'studentName', label: '学员姓名', minWidth: 100 },
  { prop: 'className', label: '班级', minWidth: 200 },
  { prop: 'subjectName', label: '学科', minWidth: 100 },
  { prop: 'schoolName', label: '学校', minWidth: 120 },
  { prop: 'teacherName', label: '老师', minWidth: 100 },
  { prop: 'teacherEmail', label: '老师邮箱', minWidth: 200, show: false },
  { prop: 'isCreateDesc', label: '是否生成', minWidth: 100 },
  {
    prop: 'createTime',
    label: '报告生成时间',
    minWidth: 160,
    sortable: 'custom',
    format: (r) => formatInstant(r.createTime),
  },
  { prop: 'isCreateIn24hDesc', label: '24小时内生成', minWidth: 130, tooltip: '课节结束后 24 小时内生成' },
  { prop: 'isExportDesc', label: '是否导出', minWidth: 100 },
  { prop: 'isSendDesc', label: '是否发送', minWidth: 100 },
  { prop: 'isOpenDesc', label: '家长是否打开', minWidth: 120 },
  { prop: 'lessonId', label: '课节ID', minWidth: 100 },
];

/** How the statistics group the due reports. */
export type FeedbackGrouping = 'project' | 'subject' | 'teacher';

const GROUP_LABELS: Record<FeedbackGrouping, string> = { project: '项目', subject: '学科', teacher: '老师' };

/** The figures of a row (counts and rates). */
type Figure = { [K in keyof FeedbackStatRow]: FeedbackStatRow[K] extends number ? K : never }[keyof FeedbackStatRow];

function count(
  prop: Figure,
  label: string,
  extra: Partial<ReportColumn<FeedbackStatRow>> = {},
): ReportColumn<FeedbackStatRow> {
  return { prop, label, minWidth: 120, format: (r) => formatCount(r[prop]), ...extra };
}

function rate(prop: Figure, label: string, tooltip: string): ReportColumn<FeedbackStatRow> {
  return { prop, label, minWidth: 130, sortable: 'custom', tooltip, format: (r) => formatDcRate(r[prop]) };
}

/** The columns of a grouping: the group's name (and a teacher's e-mail and school), counts, rates. */
export function feedbackStatColumns(grouping: FeedbackGrouping): ReportColumn<FeedbackStatRow>[] {
  const who: ReportColumn<FeedbackStatRow>[] = [
    { prop: 'name', label: GROUP_LABELS[grouping], fixed: 'left', minWidth: 120 },
  ];
  if (grouping === 'teacher') {
    who.push({ prop: 'email', label: '老师邮箱', minWidth: 200 }, { prop: 'schoolName', label: '学校', minWidth: 120 });
  }
  return [
    ...who,
    count('shouldReportCount', '应出报告数', { sortable: 'custom', tooltip: '出勤与迟到的学员课节' }),
    count('createReportCount', '生成数'),
    count('createReportIn24hCount', '24小时内生成数', { minWidth: 140 }),
    count('exportReportCount', '导出数'),
    count('transmitReportCount', '发送数'),
    count('openReportCount', '打开数'),
    rate('totalCreateReportRate', '报告生成率', '生成数 ÷ 应出报告数'),
    rate('totalCreateReportIn24hRate', '24小时内生成率', '24小时内生成数 ÷ 应出报告数'),
    rate('totalExportReportRate', '导出率', '导出数 ÷ 生成数'),
    rate('totalTransmitReportRate', '发送率', '发送数 ÷ 生成数'),
    rate('totalOpenReportRate', '打开率', '打开数 ÷ 发送数'),
  ];
}
