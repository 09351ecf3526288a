// The first-lesson statistics (spec 02 §2, §3.3, §9): four screens — overall, teacher,
// consultant, learning manager — each with a pair of tabs: the course (正价课首课 ZJ, 试听课 ST)
// and a grouping of the statistics or the detail. Every (screen, course, tab) is a report of its
// own: its call's body carries the course (`tabType`) and the grouping (`type`), it exports as
// first{View}Stat or first{View}Detail, and it keeps its own column settings, so that the
// full-price and trial columns never mix.

import type { DcSearch } from '@/generated/DcSearch';
import type { FirstDetailRow } from '@/generated/FirstDetailRow';
import type { FirstStatRow } from '@/generated/FirstStatRow';
import { formatInstant } from '@/lib/report-format';
import {
  type FirstCourse,
  firstDetailColumns,
  type FirstGrouping,
  firstStatColumns,
  type FirstView,
  GROUPING_NAME,
} from './columns/first-lesson-columns';
import { type FilterField, REPORT_FILTERS } from './dc-search';
import type { ReportDef } from './reports';

/**
 * The usual filters without the product type: the course tab says which lessons are counted
 * (full-price first lessons or trials), so the shared search's product type (正价课 by default)
 * must not narrow them — it would leave 试听课 empty.
 */
export const FIRST_FILTERS: readonly FilterField[] = REPORT_FILTERS.filter((f) => f !== 'productType');

export const FIRST_COURSES: readonly { course: FirstCourse; label: string }[] = [
  { course: 'ZJ', label: '正价课首课' },
  { course: 'ST', label: '试听课' },
];

/** The second tab of a screen: a grouping of the statistics, or the detail. */
export type FirstTab = FirstGrouping | 'detail';

/** A screen's tab pair. */
export interface FirstTabs {
  tabType: FirstCourse;
  type: FirstTab;
}

export interface FirstGroupingDef {
  type: FirstGrouping;
  label: string;
  reports: Record<FirstCourse, ReportDef<FirstStatRow>>;
}

export interface FirstScreenDef {
  view: FirstView;
  title: string;
  /** The groupings the screen offers, its default first. */
  groupings: readonly FirstGroupingDef[];
  detail: { label: string; reports: Record<FirstCourse, ReportDef<FirstDetailRow>> };
}

const SUMMARY_LABEL = '合计';

/** A row's identity: the names of its group (a school's rank among them). */
const statKey = (r: FirstStatRow) =>
  [
    r.rank,
    r.schoolName,
    r.areaName,
    r.subjectName,
    r.groupName,
    r.teacherEmail,
    r.teacherName,
    r.staffEmail,
    r.staffName,
  ].join('|');

/** The totals as the 合计 row: no names but 合计 in the grouping's name column. */
function totalsOf(grouping: FirstGrouping) {
  return (summary: FirstStatRow): FirstStatRow => ({
    ...summary,
    rank: 0,
    schoolName: '',
    areaName: '',
    subjectName: '',
    groupName: '',
    teacherName: '',
    teacherEmail: '',
    staffName: '',
    staffEmail: '',
    [GROUPING_NAME[grouping]]: SUMMARY_LABEL,
  });
}

/** `firstWholeStat`, `firstLearnManageDetail`, … */
function excelName(view: FirstView, kind: 'Stat' | 'Detail') {
  const name = `${view.charAt(0).toUpperCase()}${view.slice(1)}` as Capitalize<FirstView>;
  return `first${name}${kind}` as const;
}

const courseLabel = (course: FirstCourse) => FIRST_COURSES.find((c) => c.course === course)?.label ?? course;

/** The body of a statistics call: the search, with the course and the grouping. */
export function firstStatSearch(course: FirstCourse, type: FirstGrouping, search: DcSearch): DcSearch {
  return { ...search, tabType: course, type };
}

/** The body of a detail call: the search, with the course. */
export function firstDetailSearch(course: FirstCourse, search: DcSearch): DcSearch {
  return { ...search, tabType: course };
}

function perCourse<R>(make: (course: FirstCourse) => R): Record<FirstCourse, R> {
  return { ZJ: make('ZJ'), ST: make('ST') };
}

function firstScreen(
  view: FirstView,
  title: string,
  groupings: readonly [type: FirstGrouping, label: string][],
  detailLabel: string,
): FirstScreenDef {
  const path = `/api/firstLesson/${view}`;
  return {
    view,
    title,
    groupings: groupings.map(([type, label]) => ({
      type,
      label,
      reports: perCourse((course) => ({
        excelType: excelName(view, 'Stat'),
        settingsName: `first-${view}-${course}-${type}`,
        title: `${title}-${courseLabel(course)}-${label}`,
        path: `${path}/statistics`,
        request: (search) => firstStatSearch(course, type, search),
        columns: firstStatColumns(course, type),
        rowKey: statKey,
        rowLabel: (r) => r[GROUPING_NAME[type]],
        totalsRow: totalsOf(type),
      })),
    })),
    detail: {
      label: detailLabel,
      reports: perCourse((course) => ({
        excelType: excelName(view, 'Detail'),
        settingsName: `first-${view}-${course}-detail`,
        title: `${title}-${courseLabel(course)}-${detailLabel}`,
        path: `${path}/detail`,
        request: (search) => firstDetailSearch(course, search),
        columns: firstDetailColumns(course, view),
        rowKey: (r) =>
          [
            r.courseTypeDesc,
            r.studentCode,
            r.f1PackageCode,
            r.lessonTime,
            r.taskName,
            r.stepName,
            r.stepStartTime,
            r.staffEmail,
          ].join('|'),
        rowLabel: (r) => `${r.studentName} ${formatInstant(r.lessonTime)} ${r.stepName}`.trim(),
      })),
    },
  };
}

/** /dataCenter/firstWholeStatistics: every step of the lessons. */
export const FIRST_WHOLE = firstScreen(
  'whole',
  '首课整体统计',
  [
    ['areaSchoolRank', '校区排名'],
    ['areaCount', '校区统计'],
    ['subjectCount', '学科统计'],
  ],
  '明细',
);

/** /dataCenter/teacherFirstStatistics: the teachers' steps. */
export const FIRST_TEACHER = firstScreen(
  'teacher',
  '教师首课统计',
  [
    ['subjectCount', '学科统计'],
    ['groupCount', '项目组统计'],
    ['areaCount', '校区统计'],
    ['teacherCount', '老师统计'],
  ],
  '任务明细',
);

/** /dataCenter/consultantFirstStatistics: the consultants' steps. */
export const FIRST_CONSULTANT = firstScreen(
  'consultant',
  '顾问首课统计',
  [
    ['areaCount', '校区统计'],
    ['consultantCount', '顾问统计'],
  ],
  '任务明细',
);

/** /dataCenter/learnManageFirstStatistics: the learning managers' steps. */
export const FIRST_LEARN_MANAGE = firstScreen(
  'learnManage',
  '学管首课统计',
  [
    ['areaCount', '校区统计'],
    ['learnManagerCount', '学管统计'],
  ],
  '任务明细',
);

export const FIRST_SCREENS: readonly FirstScreenDef[] = [
  FIRST_WHOLE,
  FIRST_TEACHER,
  FIRST_CONSULTANT,
  FIRST_LEARN_MANAGE,
];

/** Each screen's tab pair at first (02 §2, §9): full-price first lessons in the screen's first grouping. */
export function defaultFirstTabs(): Record<FirstView, FirstTabs> {
  const first = (screen: FirstScreenDef): FirstTabs => ({ tabType: 'ZJ', type: screen.groupings[0]?.type ?? 'detail' });
  return {
    whole: first(FIRST_WHOLE),
    teacher: first(FIRST_TEACHER),
    consultant: first(FIRST_CONSULTANT),
    learnManage: first(FIRST_LEARN_MANAGE),
  };
}
