// The first-lesson statistics' columns (spec 02 §3.3), in two variants: 正价课首课 (ZJ, the first
// lesson of a student's first full-price package in a subject) and 试听课 (ST, trial lessons).
// Statistics rows are a school (ranked), area, subject, project team, teacher, consultant or
// learning manager; the detail is a service step of a first or trial lesson per row. Labels are
// the server's export headers, so that screen and export agree. The server sorts the statistics
// by the counts and rates below marked sortable, the detail by the lesson's time and the step's
// finish and end.

import type { ReportColumn } from '@/components/data-table/report-column';
import type { FirstDetailRow } from '@/generated/FirstDetailRow';
import type { FirstStatRow } from '@/generated/FirstStatRow';
import { formatCount, formatDcRate, formatInstant } from '@/lib/report-format';

/** The four first-lesson screens: overall (every step), and the steps of a teacher, consultant or learning manager. */
export type FirstView = 'whole' | 'teacher' | 'consultant' | 'learnManage';

/** The course tabs (`tabType`): first lessons of full-price packages, or trial lessons. */
export type FirstCourse = 'ZJ' | 'ST';

/** How the statistics group the lessons (`type`). */
export type FirstGrouping =
  | 'areaSchoolRank'
  | 'areaCount'
  | 'subjectCount'
  | 'groupCount'
  | 'teacherCount'
  | 'consultantCount'
  | 'learnManagerCount';

// ---------------------------------------------------------------- statistics

/** The figures of a row (counts and rates). */
type Figure = { [K in keyof FirstStatRow]: FirstStatRow[K] extends number ? K : never }[keyof FirstStatRow];

function count(
  prop: Figure,
  label: string,
  extra: Partial<ReportColumn<FirstStatRow>> = {},
): ReportColumn<FirstStatRow> {
  return { prop, label, minWidth: 120, format: (r) => formatCount(r[prop]), ...extra };
}

function rate(prop: Figure, label: string, tooltip: string, sortable = false): ReportColumn<FirstStatRow> {
  return {
    prop,
    label,
    minWidth: 130,
    tooltip,
    format: (r) => formatDcRate(r[prop]),
    ...(sortable ? { sortable: 'custom' as const } : {}),
  };
}

/** The name columns of a grouping; the first is fixed on the left (after the rank). */
function identityColumns(grouping: FirstGrouping): ReportColumn<FirstStatRow>[] {
  const school: ReportColumn<FirstStatRow> = { prop: 'schoolName', label: '学校', minWidth: 140 };
  switch (grouping) {
    case 'areaSchoolRank':
      return [
        {
          prop: 'rank',
          label: '排名',
          fixed: 'left',
          minWidth: 100,
          tooltip: '按成功率排名（正价课首课：首课成功率；试听课：30天转正价率）',
          format: (r) => (r.rank > 0 ? String(r.rank) : '-'),
        },
        { ...school, fixed: 'left' },
      ];
    case 'areaCount':
      return [{ prop: 'areaName', label: '校区', fixed: 'left', minWidth: 140 }, school];
    case 'subjectCount':
      return [{ prop: 'subjectName', label: '学科', fixed: 'left', minWidth: 100 }];
    case 'groupCount':
      return [{ prop: 'groupName', label: '项目组', fixed: 'left', minWidth: 140 }];
    case 'teacherCount':
      return [
        { prop: 'teacherName', label: '老师', fixed: 'left', minWidth: 100 },
        { prop: 'teacherEmail', label: '老师邮箱', minWidth: 200 },
        school,
      ];
    case 'consultantCount':
    case 'learnManagerCount':
      return [
        { prop: 'staffName', label: '员工', fixed: 'left', minWidth: 100 },
        { prop: 'staffEmail', label: '员工邮箱', minWidth: 200 },
        school,
      ];
  }
}

/** The fields that name a row. */
type NameField = 'schoolName' | 'areaName' | 'subjectName' | 'groupName' | 'teacherName' | 'staffName';

/** The field that names a row of the grouping (the 合计 row's label goes there). */
export const GROUPING_NAME: Record<FirstGrouping, NameField> = {
  areaSchoolRank: 'schoolName',
  areaCount: 'areaName',
  subjectCount: 'subjectName',
  groupCount: 'groupName',
  teacherCount: 'teacherName',
  consultantCount: 'staffName',
  learnManagerCount: 'staffName',
};

const ZJ_LESSON_COLUMNS: ReportColumn<FirstStatRow>[] = [
  count('f1LessonTotalCnt', '应上首课数', {
    minWidth: 130,
    sortable: 'custom',
    tooltip: '所选时间内购买的首个正价课时包（每位学员每个学科）',
  }),
  count('f1LessonCnt', '已上首课数', { tooltip: '其中已上首课的' }),
  count('f1LessonSuccCnt', '首课成功数', { tooltip: '已上首课且上了第二次课' }),
  rate('f1LessonSuccRate', '首课成功率', '首课成功数 ÷ 已上首课数', true),
  count('f3LessonSuccCnt', '前三次课成功数', { minWidth: 140, tooltip: '已上首课且上了第三次课' }),
  rate('f3LessonSuccRate', '前三次课成功率', '前三次课成功数 ÷ 已上首课数', true),
];

const ST_LESSON_COLUMNS: ReportColumn<FirstStatRow>[] = [
  count('stLessonCnt', '试听课数', { sortable: 'custom' }),
  count('stStudentCnt', '试听学员数'),
  count('stOrderCnt', '试听订单数'),
  count('day30ZjCnt', '30天转正价数', { minWidth: 130, tooltip: '试听后 30 天内购买正价课' }),
  rate('day30ZjRate', '30天转正价率', '30天转正价数 ÷ 试听课数', true),
  count('day90ZjCnt', '90天转正价数', { minWidth: 130, tooltip: '试听后 90 天内购买正价课' }),
  rate('day90ZjRate', '90天转正价率', '90天转正价数 ÷ 试听课数', true),
  count('teacherZjCnt', '同老师转正价数', { minWidth: 140, tooltip: '试听后 90 天内购买试听老师的正价课' }),
  rate('teacherZjRate', '同老师转正价率', '同老师转正价数 ÷ 试听课数', true),
  count('subjectZjCnt', '同学科转正价数', { minWidth: 140, tooltip: '试听后 90 天内购买试听学科的正价课' }),
  rate('subjectZjRate', '同学科转正价率', '同学科转正价数 ÷ 试听课数', true),
];

const STEP_COLUMNS: ReportColumn<FirstStatRow>[] = [
  count('stepTotalCnt', '环节总数'),
  count('stepFinishedCnt', '环节完成数'),
  rate('stepFinishedRate', '环节完成率', '环节完成数 ÷ 环节总数', true),
  count('stepQcCnt', '环节质检数', { tooltip: '已完成且已质检的环节' }),
  rate('stepQcRate', '环节质检率', '环节质检数 ÷ 环节完成数'),
  count('stepQcQualifiedCnt', '质检合格数'),
  rate('stepQcQualifiedRate', '质检合格率', '质检合格数 ÷ 环节质检数', true),
  count('handoverFinishedCnt', '交接完成数'),
  rate('handoverFinishedRate', '交接完成率', '交接完成数 ÷ 交接环节数'),
  count('startCallFinishedCnt', '开课电话完成数', { minWidth: 140 }),
  rate('startCallFinishedRate', '开课电话完成率', '开课电话完成数 ÷ 开课电话环节数'),
  count('feedbackFinishedCnt', '课后反馈完成数', { minWidth: 140 }),
  rate('feedbackFinishedRate', '课后反馈完成率', '课后反馈完成数 ÷ 课后反馈环节数'),
  count('followupFinishedCnt', '回访完成数'),
  rate('followupFinishedRate', '回访完成率', '回访完成数 ÷ 回访环节数'),
];

/** The pre-handover: full-price first lessons only, on school and area rows (02 §3.3). */
const HANDOVER_YJJ_COLUMNS: ReportColumn<FirstStatRow>[] = [
  count('handoverYJJ', '预交接完成数'),
  rate('handoverYJJRate', '预交接完成率', '预交接完成数 ÷ 预交接环节数'),
];

const hasHandoverYJJ = (course: FirstCourse, grouping: FirstGrouping) =>
  course === 'ZJ' && (grouping === 'areaSchoolRank' || grouping === 'areaCount');

/** The columns of a grouping: its names, the lesson figures of the course, the step figures. */
export function firstStatColumns(course: FirstCourse, grouping: FirstGrouping): ReportColumn<FirstStatRow>[] {
  return [
    ...identityColumns(grouping),
    ...(course === 'ZJ' ? ZJ_LESSON_COLUMNS : ST_LESSON_COLUMNS),
    ...STEP_COLUMNS,
    ...(hasHandoverYJJ(course, grouping) ? HANDOVER_YJJ_COLUMNS : []),
  ];
}

// ---------------------------------------------------------------- detail

type DetailColumn = ReportColumn<FirstDetailRow>;
/** The instants of a row (epoch ms, 0: none). */
type Instant = {
  [K in keyof FirstDetailRow]: K extends `${string}Time` ? K : never;
}[keyof FirstDetailRow];

function time(prop: Instant, label: string, extra: Partial<DetailColumn> = {}): DetailColumn {
  return { prop, label, minWidth: 160, format: (r) => formatInstant(r[prop]), ...extra };
}

/** Sorted by the server as the lesson's time. */
const BY_LESSON_TIME = { sortable: 'custom', sortField: 'lessonTime' } as const;

function detailRate(
  prop: 'contributionRate' | 'schoolFillingRate' | 'alloverFillingRate',
  label: string,
  tooltip: string,
) {
  return { prop, label, minWidth: 120, tooltip, format: (r: FirstDetailRow) => formatDcRate(r[prop]) };
}

/** The steps of consultants and learning managers: with the lesson's type, the executor and the completion rates. */
const isRoleView = (view: FirstView) => view === 'consultant' || view === 'learnManage';

/** The columns of a first (ZJ) or trial (ST) lesson's step, as the screen shows them. */
export function firstDetailColumns(course: FirstCourse, view: FirstView): DetailColumn[] {
  const role = isRoleView(view);
  // The lesson's time sorts: its own column on the role screens, else the first lesson's or trial's.
  const lessonSort = role ? {} : BY_LESSON_TIME;
  const lesson: DetailColumn[] =
    course === 'ZJ'
      ? [
          { prop: 'f1Status', label: '首课状态', minWidth: 100 },
          { prop: 'f3Status', label: '前三次课状态', minWidth: 120 },
          time('f1LessonTime', '第一次课时间', lessonSort),
          time('f2LessonTime', '第二次课时间'),
          time('f3LessonTime', '第三次课时间'),
          time('f4LessonTime', '第四次课时间'),
          { prop: 'f1AreaName', label: '首课校区', minWidth: 140 },
          { prop: 'f1PackageCode', label: '课时包编码', minWidth: 140 },
          { prop: 'productName', label: '产品名称', minWidth: 200 },
          { prop: 'f1IsCanceled', label: '是否取消', minWidth: 100, tooltip: '课时包在上课前退费' },
        ]
      : [
          time('stF1LessonTime', '试听课时间', lessonSort),
          { prop: 'stF1AreaName', label: '试听校区', minWidth: 140 },
          { prop: 'day30ZjStatus', label: '30天转正价', minWidth: 110 },
          { prop: 'day90ZjStatus', label: '90天转正价', minWidth: 110 },
          { prop: 'teacherZjStatus', label: '同老师转正价', minWidth: 120 },
          { prop: 'subjectZjStatus', label: '同学科转正价', minWidth: 120 },
          time('zjRegistrationTime', '正价报名时间'),
          { prop: 'zjRegistrationOrder', label: '正价报名订单', minWidth: 160 },
          time('subjectZjF1LessonTime', '同学科正价首课时间', { minWidth: 170 }),
          { prop: 'subjectZjF1Teacher', label: '同学科正价首课老师', minWidth: 160 },
          { prop: 'sameTeacherFlag', label: '是否同老师', minWidth: 100 },
        ];
  return [
    { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 130 },
    { prop: 'studentName', label: '学员姓名', fixed: 'left', minWidth: 100 },
    ...(role ? [{ prop: 'courseTypeDesc', label: '课程类型', minWidth: 110 } as const] : []),
    { prop: 'teacherName', label: '老师', minWidth: 100 },
    { prop: 'teacherEmail', label: '老师邮箱', minWidth: 200 },
    { prop: 'schoolName', label: '学校', minWidth: 140, show: false },
    { prop: 'subjectName', label: '学科', minWidth: 100, show: false },
    { prop: 'teachingAge', label: '教龄（天）', minWidth: 110 },
    { prop: 'companyAge', label: '司龄（天）', minWidth: 110 },
    ...lesson,
    ...(role ? [time('lessonTime', '上课时间', BY_LESSON_TIME)] : []),
    { prop: 'taskName', label: '任务名称', minWidth: 160 },
    ...(role ? [{ prop: 'taskCodeDesc', label: '任务类型', minWidth: 110 } as const] : []),
    { prop: 'stepName', label: '环节', minWidth: 100 },
    { prop: 'stepStatus', label: '环节状态', minWidth: 100 },
    { prop: 'stepExecutorName', label: '执行人', minWidth: 100 },
    ...(role
      ? [
          { prop: 'staffName', label: '员工', minWidth: 100 } as const,
          { prop: 'staffEmail', label: '员工邮箱', minWidth: 200 } as const,
          time('stepStartTime', '环节开始时间'),
          time('stepEndTime', '环节截止时间', { sortable: 'custom' }),
        ]
      : []),
    time('stepFinishTime', '完成时间', { sortable: 'custom' }),
    { prop: 'stepFinishInterval', label: '完成用时', minWidth: 110, tooltip: '环节开始到完成（时:分:秒）' },
    { prop: 'qcStatus', label: '质检状态', minWidth: 100 },
    time('lastQcTime', '最近质检时间'),
    { prop: 'lastQcOperatorName', label: '质检人', minWidth: 100 },
    { prop: 'lastQcRemark', label: '质检备注', minWidth: 200 },
    { prop: 'aiResultStatusDesc', label: 'AI结果', minWidth: 100 },
    { prop: 'firstTag', label: 'AI标签', minWidth: 140 },
    ...(role
      ? [
          detailRate('contributionRate', '个人完成率', '执行人本类环节的完成率'),
          detailRate('schoolFillingRate', '校区完成率', '所在学校本类环节的完成率'),
          detailRate('alloverFillingRate', '整体完成率', '所选范围内本类环节的完成率'),
        ]
      : []),
  ];
}
