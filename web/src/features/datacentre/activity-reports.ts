// The teaching-activity statistics (spec 02 §2, §7.2, §7.5, §7.7): lesson preparation, platform
// usage and feedback reports. Each screen is a definition here — where its summary is read, its
// tables (ReportDef: call, columns, export) — drawn by one component per family.

import type { DcSearch } from '@/generated/DcSearch';
import type { FeedbackDetailRow } from '@/generated/FeedbackDetailRow';
import type { FeedbackStatRow } from '@/generated/FeedbackStatRow';
import type { PrepLessonRow } from '@/generated/PrepLessonRow';
import type { PrepTeacherRow } from '@/generated/PrepTeacherRow';
import type { UsageStudentRow } from '@/generated/UsageStudentRow';
import type { UsageTeacherRow } from '@/generated/UsageTeacherRow';
import { FEEDBACK_DETAIL_COLUMNS, type FeedbackGrouping, feedbackStatColumns } from './columns/feedback-columns';
import { CLASS_PREP_LESSON_COLUMNS, PREP_TEACHER_COLUMNS, VIP_PREP_LESSON_COLUMNS } from './columns/prep-columns';
import { USAGE_STUDENT_COLUMNS, USAGE_TEACHER_COLUMNS } from './columns/usage-columns';
import type { ReportDef } from './reports';

// ---------------------------------------------------------------- lesson preparation (02 §7.2)

export interface PrepScreenDef {
  title: string;
  /** POST: the period's totals (PrepSummary). */
  summaryPath: string;
  /** 老师汇总 */
  teachers: ReportDef<PrepTeacherRow>;
  /** 课节明细 */
  lessons: ReportDef<PrepLessonRow>;
}

const prepTeacherKey = (r: PrepTeacherRow) => r.teacherId;
const prepLessonLabel = (r: PrepLessonRow) => `${r.teacherName} ${r.lessonTimeDesc}`;

/** /dataCenter/oneLessonPrepStatustics: the `statistics/*` calls. */
export const VIP_PREP: PrepScreenDef = {
  title: '一对一备课统计',
  summaryPath: '/api/lessonPrepare/statistics/summary',
  teachers: {
    excelType: 'prepVipTeachers',
    title: '一对一备课老师汇总',
    path: '/api/lessonPrepare/statistics/teacherSummary',
    columns: PREP_TEACHER_COLUMNS,
    rowKey: prepTeacherKey,
    rowLabel: (r) => r.teacherName,
  },
  lessons: {
    excelType: 'prepVipLessons',
    title: '一对一备课课节明细',
    path: '/api/lessonPrepare/statistics/teacherLessonDetail',
    columns: VIP_PREP_LESSON_COLUMNS,
    rowKey: (r) => r.lessonId,
    rowLabel: prepLessonLabel,
  },
};

/** /dataCenter/classLessonPrepStatistics */
export const CLASS_PREP: PrepScreenDef = {
  title: '班课备课统计',
  summaryPath: '/api/lessonPrepare/teacherLessonDetail/summary',
  teachers: {
    excelType: 'prepClassTeachers',
    title: '班课备课老师汇总',
    path: '/api/lessonPrepare/teacherSummary',
    columns: PREP_TEACHER_COLUMNS,
    rowKey: prepTeacherKey,
    rowLabel: (r) => r.teacherName,
  },
  lessons: {
    excelType: 'prepClassLessons',
    title: '班课备课课节明细',
    path: '/api/lessonPrepare/teacherLessonDetail',
    columns: CLASS_PREP_LESSON_COLUMNS,
    rowKey: (r) => r.lessonId,
    rowLabel: prepLessonLabel,
  },
};

// ---------------------------------------------------------------- platform usage (02 §7.5)

/** The class-side views of the `bs*` calls (`/dict/prepare` usageTypes). */
export type UsageType = 'class' | 'group' | 'fullDay' | 'system';

export interface UsageScreenDef {
  title: string;
  /** The class-side view; absent: one-on-one (the `vip*` calls, which take no usageType). */
  usageType?: UsageType;
  /** POST: the period's totals (UsageValidSummary). */
  summaryPath: string;
  /** 老师 */
  teachers: ReportDef<UsageTeacherRow>;
  /** 学员; null: no student tab (系统使用统计 has 部门汇总 instead). */
  students: ReportDef<UsageStudentRow> | null;
  /** 部门汇总 (deptSummaryList, the system view). */
  departments: boolean;
}

/** The department table of 系统使用统计 (its stored column settings: `datacentre-usage-departments`). */
export const DEPT_USAGE_TABLE = { title: '部门汇总', settingsName: 'usage-departments' } as const;

/** The body of a screen's calls: the search, with the view on the class side. */
export function usageSearch(usageType: UsageType | undefined, search: DcSearch): DcSearch {
  return usageType ? { ...search, usageType } : search;
}

const usageTeacherLabel = (r: UsageTeacherRow) => r.teacherName;
const usageStudentKey = (r: UsageStudentRow) => `${r.teacherId}-${r.studentCode}`;
const usageStudentLabel = (r: UsageStudentRow) => `${r.studentName} ${r.teacherName}`;

/** /dataCenter/oneUsageStatistics */
export const VIP_USAGE: UsageScreenDef = {
  title: '一对一使用统计',
  summaryPath: '/api/systemUse/vipTeacherValidSummary',
  teachers: {
    excelType: 'usageVipTeachers',
    title: '一对一使用统计老师',
    path: '/api/systemUse/vipTeacherSummaryList',
    columns: USAGE_TEACHER_COLUMNS,
    rowKey: (r) => r.teacherId,
    rowLabel: usageTeacherLabel,
  },
  students: {
    excelType: 'usageVipStudents',
    title: '一对一使用统计学员',
    path: '/api/systemUse/vipTeacherStudentSummaryList',
    columns: USAGE_STUDENT_COLUMNS,
    rowKey: usageStudentKey,
    rowLabel: usageStudentLabel,
  },
  departments: false,
};

/**
 * A class-side usage screen: the `bs*` calls with its usageType (its exports too, as
 * usageClassTeachers and usageClassStudents); each screen keeps its own column settings.
 */
function classUsage(usageType: UsageType, title: string): UsageScreenDef {
  const request = (search: DcSearch) => usageSearch(usageType, search);
  const system = usageType === 'system';
  return {
    title,
    usageType,
    summaryPath: '/api/systemUse/bsTeacherValidSummary',
    teachers: {
      excelType: 'usageClassTeachers',
      settingsName: `usage-${usageType}-teachers`,
      title: `${title}老师`,
      path: '/api/systemUse/bsTeacherSummaryList',
      request,
      columns: USAGE_TEACHER_COLUMNS,
      rowKey: (r) => r.teacherId,
      rowLabel: usageTeacherLabel,
    },
    students: system
      ? null
      : {
          excelType: 'usageClassStudents',
          settingsName: `usage-${usageType}-students`,
          title: `${title}学员`,
          path: '/api/systemUse/bsTeacherStudentSummaryList',
          request,
          columns: USAGE_STUDENT_COLUMNS,
          rowKey: usageStudentKey,
          rowLabel: usageStudentLabel,
        },
    departments: system,
  };
}

/** /dataCenter/classUsageStatistics */
export const CLASS_USAGE = classUsage('class', '班课使用统计');
/** /dataCenter/groupUsageStatistics */
export const GROUP_USAGE = classUsage('group', '小组课使用统计');
/** /dataCenter/fullDayUsageStatistics */
export const FULL_DAY_USAGE = classUsage('fullDay', '全日制使用统计');
/** /dataCenter/systemUsageStatistics */
export const SYSTEM_USAGE = classUsage('system', '系统使用统计');

// ---------------------------------------------------------------- feedback (02 §7.7)

/** 明细: a due report per row. */
export const FEEDBACK_DETAIL: ReportDef<FeedbackDetailRow> = {
  excelType: 'feedbackDetail',
  title: '反馈明细',
  path: '/api/feedback/statistics/detail',
  columns: FEEDBACK_DETAIL_COLUMNS,
  rowKey: (r) => `${r.lessonId}-${r.studentCode}`,
  rowLabel: (r) => `${r.studentName} ${r.lessonTimeDesc}`,
};

const SUMMARY_LABEL = '合计';

/** The totals as the 合计 row. */
const feedbackTotals = (summary: FeedbackStatRow): FeedbackStatRow => ({
  ...summary,
  name: SUMMARY_LABEL,
  email: '',
  schoolName: '',
});

function feedbackStat(grouping: FeedbackGrouping, title: string, exported: boolean): ReportDef<FeedbackStatRow> {
  const names = exported
    ? ({ excelType: 'feedbackTeacher' } as const)
    : ({ excelType: null, settingsName: `feedback-${grouping}` } as const);
  return {
    ...names,
    title,
    path: `/api/feedback/statistics/${grouping}`,
    columns: feedbackStatColumns(grouping),
    rowKey: (r) => r.id,
    rowLabel: (r) => r.name,
    totalsRow: feedbackTotals,
  };
}

/** 项目, 学科, 老师: the counts and rates per group with the 合计 row; only the teachers export. */
export const FEEDBACK_GROUPS: readonly {
  grouping: FeedbackGrouping;
  label: string;
  report: ReportDef<FeedbackStatRow>;
}[] = [
  { grouping: 'project', label: '项目', report: feedbackStat('project', '反馈项目统计', false) },
  { grouping: 'subject', label: '学科', report: feedbackStat('subject', '反馈学科统计', false) },
  { grouping: 'teacher', label: '老师', report: feedbackStat('teacher', '反馈老师统计', true) },
];
