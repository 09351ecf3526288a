// The columns of the feedback report lists (我的反馈, a student's 反馈报告).

import type { ListTableColumn } from '@/components/data-table/list-table';
import type { DueReportRow } from '@/generated/DueReportRow';
import type { MyReportRow } from '@/generated/MyReportRow';
import { lessonTimeText } from '../calendar';
import { reportStageBadge } from '../teaching-dict';
import { studentPath } from '../teaching-paths';
import { actionColumn, badgeColumn, instantColumn, linkColumn, textColumn } from './columns';
import { FeedbackButton } from './feedback-button';
import { ReportActions } from './report-actions';

/** Mine (I own it) or shared with me (I co-write or read it). */
export const ownerBadge = (r: MyReportRow) =>
  r.owner ? { text: '我的', color: 'blue' } : { text: '共享', color: 'grape' };

/** My reports; `withStudent` false leaves the student out (a student's own page). */
export function reportColumns(withStudent = true): ListTableColumn<MyReportRow>[] {
  return [
    textColumn('lessonTitle', '课次', 140),
    textColumn('lessonStartTime', '上课时间', 200, (r) => lessonTimeText(r.lessonStartTime, 0)),
    textColumn('className', '班级', 180),
    ...(withStudent
      ? [
          linkColumn<MyReportRow>('studentName', '学员', (r) => studentPath(r.studentId), 100),
          textColumn<MyReportRow>('studentCode', '学员编号', 130),
        ]
      : []),
    textColumn('teacherName', '老师', 100),
    badgeColumn('stage', '状态', (r) => reportStageBadge(r.stage, r.stageName)),
    instantColumn('submittedTime', '提交时间'),
    instantColumn('sentTime', '发送时间'),
    instantColumn('openedTime', '家长查看时间'),
    badgeColumn('owner', '归属', ownerBadge, 90),
    actionColumn((r) => <ReportActions row={r} />, 130),
  ];
}

/** The reports I still owe: 写反馈 starts one, 继续编辑 opens the draft (both through v2/init). */
export const DUE_REPORT_COLUMNS: ListTableColumn<DueReportRow>[] = [
  textColumn('lessonTitle', '课次', 140),
  textColumn('lessonStartTime', '上课时间', 200, (r) => lessonTimeText(r.lessonStartTime, 0)),
  textColumn('className', '班级', 180),
  linkColumn('studentName', '学员', (r) => studentPath(r.studentId), 100),
  textColumn('studentCode', '学员编号', 130),
  badgeColumn('stage', '状态', (r) => reportStageBadge(r.stage, r.stageName)),
  actionColumn(
    (r) => (
      <FeedbackButton
        action={{ kind: 'write' }}
        label={r.reportId > 0 ? '继续编辑' : undefined}
        lessonId={r.lessonId}
        studentId={r.studentId}
      />
    ),
    110,
  ),
];
