// The online (live) class statistics' columns (spec 02 §3.4): a main teacher lectures live to a
// class whose students sit in groups, each led by an auxiliary teacher (online tutor). The
// statistics are read at a level — per teacher (the main teacher, or the auxiliary one on the
// auxiliary screen), class, lesson, school or group — with the names of the level first, then its
// counts, rates and averages; the student-per-lesson rows, the classes and the quits are lists of
// their own, as are a class's and a lesson's details. The server sorts the statistics and the
// student lessons by the columns marked sortable; a detail's sortable columns sort the rows at hand.
//
// Wire conventions (protocol dto `datacentre::online`): rates are fractions, -1 without a base
// ('/'); durations are seconds (hh:mm:ss); times are epoch ms, 0 when absent ('-'); statuses come
// as descriptions.

import type { ReportColumn } from '@/components/data-table/report-column';
import type { OnlineClassLessonRow } from '@/generated/OnlineClassLessonRow';
import type { OnlineClassRow } from '@/generated/OnlineClassRow';
import type { OnlineClassStudentRow } from '@/generated/OnlineClassStudentRow';
import type { OnlineDeviceRow } from '@/generated/OnlineDeviceRow';
import type { OnlineLeaveRow } from '@/generated/OnlineLeaveRow';
import type { OnlineLessonStudentRow } from '@/generated/OnlineLessonStudentRow';
import type { OnlineQuitRow } from '@/generated/OnlineQuitRow';
import type { OnlineRenewalRow } from '@/generated/OnlineRenewalRow';
import type { OnlineReplayPointRow } from '@/generated/OnlineReplayPointRow';
import type { OnlineStatRow } from '@/generated/OnlineStatRow';
import type { OnlineStudentLessonRow } from '@/generated/OnlineStudentLessonRow';
import { formatDuration } from '@/lib/format';
import { formatAverage, formatCount, formatDay, formatDcRate, formatInstant, formatMoney } from '@/lib/report-format';

/** The two screens: the main teachers' (主讲) and the auxiliary teachers' (辅导). */
export type OnlineSide = 'main' | 'auxiliary';

/** The statistics' levels (the search's `type`); the first is the default. */
export type OnlineLevel = 'teacher' | 'class' | 'lesson' | 'school' | 'group';

/** The numeric fields of a row type. */
type NumberProp<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T] & string;

/** A count with thousands separators. */
function count<T>(prop: NumberProp<T>, label: string, extra: Partial<ReportColumn<T>> = {}): ReportColumn<T> {
  return { prop, label, minWidth: 110, format: (r) => formatCount(r[prop] as number), ...extra };
}

/** A fraction as a percentage; -1 (no base) '/'. */
function rate<T>(prop: NumberProp<T>, label: string, extra: Partial<ReportColumn<T>> = {}): ReportColumn<T> {
  return { prop, label, minWidth: 120, format: (r) => formatDcRate(r[prop] as number), ...extra };
}

/** Seconds as hh:mm:ss; 0 '-'. */
function duration<T>(prop: NumberProp<T>, label: string, extra: Partial<ReportColumn<T>> = {}): ReportColumn<T> {
  return { prop, label, minWidth: 120, format: (r) => formatDuration(r[prop] as number), ...extra };
}

/** An instant as YYYY-MM-DD HH:mm; 0 '-'. */
function instant<T>(prop: NumberProp<T>, label: string, extra: Partial<ReportColumn<T>> = {}): ReportColumn<T> {
  return { prop, label, minWidth: 160, format: (r) => formatInstant(r[prop] as number), ...extra };
}

/** An instant as its day; 0 '-'. */
function day<T>(prop: NumberProp<T>, label: string, extra: Partial<ReportColumn<T>> = {}): ReportColumn<T> {
  return { prop, label, minWidth: 120, format: (r) => formatDay(r[prop] as number), ...extra };
}

/** Yuan with two decimals. */
function money<T>(prop: NumberProp<T>, label: string): ReportColumn<T> {
  return { prop, label, minWidth: 120, format: (r) => formatMoney(r[prop] as number) };
}

/** Sorts: the server a report's pages, the table a detail's rows (read whole). */
const SORTABLE = { sortable: 'custom' } as const;
const HIDDEN = { show: false } as const;

// ---------------------------------------------------------------- statistics

type StatColumn = ReportColumn<OnlineStatRow>;
type StatFigure = NumberProp<OnlineStatRow>;

/** The figures the server sorts the statistics by. */
export const ONLINE_STAT_SORTS: readonly StatFigure[] = [
  'studentCnt',
  'inClassCnt',
  'liveAttendRate',
  'liveCompletionRate',
  'playbackCompletionRate',
  'comprehensiveAttendRate',
  'comprehensiveCompletionRate',
  'answerAccuracyRate',
  'retentionRate',
  'reportSendRate',
  'friendAddRate',
  'groupJoinRate',
];

const sortedBy = (prop: StatFigure) => (ONLINE_STAT_SORTS.includes(prop) ? SORTABLE : {});

function statCount(prop: StatFigure, label: string, extra: Partial<StatColumn> = {}): StatColumn {
  return count(prop, label, { ...sortedBy(prop), ...extra });
}

function statRate(prop: StatFigure, label: string, tooltip: string, extra: Partial<StatColumn> = {}): StatColumn {
  return rate(prop, label, { minWidth: 130, tooltip, ...sortedBy(prop), ...extra });
}

function statAverage(prop: StatFigure, label: string, tooltip: string): StatColumn {
  return { prop, label, minWidth: 130, tooltip, format: (r) => formatAverage(r[prop]) };
}

const SCHOOL: StatColumn = { prop: 'schoolName', label: '学校', minWidth: 140 };
const MAIN_TEACHER: StatColumn = { prop: 'teacherName', label: '主讲老师', minWidth: 100 };
const CLASS_CODE: StatColumn = { prop: 'classCode', label: '班级编码', minWidth: 140 };
const CLASS_NAME: StatColumn = { prop: 'className', label: '班级名称', minWidth: 200 };
const CLASS_DATES: StatColumn = { prop: 'classBeginEndDate', label: '开结课日期', minWidth: 200 };

/** The names of a level's rows, those naming the row first and fixed on the left. */
function statIdentity(level: OnlineLevel, side: OnlineSide): StatColumn[] {
  switch (level) {
    case 'teacher':
      return side === 'main'
        ? [
            { ...SCHOOL, fixed: 'left' },
            { ...MAIN_TEACHER, fixed: 'left' },
            { prop: 'teacherEmail', label: '主讲老师邮箱', minWidth: 200 },
          ]
        : [
            { ...SCHOOL, fixed: 'left' },
            { prop: 'assistantName', label: '辅导老师', fixed: 'left', minWidth: 100 },
            { prop: 'assistantEmail', label: '辅导老师邮箱', minWidth: 200 },
          ];
    case 'class':
      return [{ ...CLASS_CODE, fixed: 'left' }, { ...CLASS_NAME, fixed: 'left' }, CLASS_DATES, MAIN_TEACHER, SCHOOL];
    case 'lesson':
      return [
        { ...CLASS_NAME, fixed: 'left' },
        { prop: 'lessonName', label: '课次名称', fixed: 'left', minWidth: 180 },
        { prop: 'lessonId', label: '课次ID', minWidth: 100 },
        { prop: 'lessonBeginEndTime', label: '上课时间', minWidth: 200 },
        CLASS_CODE,
        { ...CLASS_DATES, ...HIDDEN },
        MAIN_TEACHER,
        SCHOOL,
      ];
    case 'school':
      return [{ ...SCHOOL, fixed: 'left' }];
    case 'group':
      return [
        { prop: 'groupName', label: '小组', fixed: 'left', minWidth: 120 },
        { prop: 'assistantName1', label: '辅导老师1', minWidth: 100 },
        { prop: 'assistantName2', label: '辅导老师2', minWidth: 100 },
        CLASS_NAME,
        { ...CLASS_CODE, ...HIDDEN },
        { ...SCHOOL, ...HIDDEN },
      ];
  }
}

/** The counts of a level's rows. */
function statCounts(level: OnlineLevel): StatColumn[] {
  const students = statCount('studentCnt', '学员数', { tooltip: '班级花名册上的学员（含已退班）' });
  const inClass = statCount('inClassCnt', '在班人数', { tooltip: '仍在班的学员' });
  switch (level) {
    case 'teacher':
      return [statCount('classCnt', '班级数'), statCount('groupCnt', '小组数'), students, inClass];
    case 'class':
      return [statCount('groupCnt', '小组数'), students, inClass];
    case 'lesson':
      return [
        statCount('sacStuLiveShouldCnt', '应到人次', { tooltip: '上课时在班的学员' }),
        statCount('lessonQuestionCnt', '互动题数'),
        statCount('onWallNum', '上墙人次'),
      ];
    case 'school':
      return [
        statCount('classCnt', '班级数'),
        statCount('lessonCnt', '课次数'),
        students,
        statCount('teacherCnt', '老师数'),
      ];
    case 'group':
      return [students, inClass];
  }
}

/** The main teacher at a lesson: present or not, how long, when they entered and left. */
const TEACHER_PRESENCE: StatColumn[] = [
  { prop: 'teacherPresenceStatus', label: '主讲出勤', minWidth: 100 },
  duration('teacherPresenceDuration', '主讲在线时长', { tooltip: '主讲老师在直播间的时长（时:分:秒）' }),
  instant('firstEntryTime', '首次进入时间'),
  instant('inClassEntryTime', '课中进入时间'),
  instant('inClassLastExitTime', '课中最后离开时间', { minWidth: 170 }),
  instant('afterClassLastExitTime', '课后最后离开时间', { minWidth: 170 }),
];

/**
 * The main teacher's lessons: the held lessons they attended and completed (a lesson's row shows
 * the presence itself); shown on the main teachers' screen above the groups.
 */
function teacherRates(level: OnlineLevel, side: OnlineSide): StatColumn[] {
  const shown = side === 'main' && level !== 'group' ? {} : HIDDEN;
  return [
    statRate('teacherLiveAttendRate', '主讲出勤率', '主讲老师出勤的已上课次 ÷ 已上课次', shown),
    statRate('teacherLiveCompletionRate', '主讲完课率', '主讲老师在线达到完课标准的已上课次 ÷ 已上课次', {
      minWidth: 140,
      ...shown,
    }),
  ];
}

/**
 * A rate and, hidden until the user shows it, the count it is made of (shown on group rows). The
 * counts are drawn on screen only: the server's export writes the rates.
 */
function figure(
  countProp: StatFigure,
  countLabel: string,
  rateProp: StatFigure,
  rateLabel: string,
  tooltip: string,
  level: OnlineLevel,
): StatColumn[] {
  return [
    statCount(countProp, countLabel, { minWidth: 120, exported: false, ...(level === 'group' ? {} : HIDDEN) }),
    statRate(rateProp, rateLabel, tooltip),
  ];
}

/** The rates of the students of a row (student-lessons are a student on the roster at a held lesson). */
function studentRates(level: OnlineLevel): StatColumn[] {
  return [
    ...figure('friendAddCnt', '加好友数', 'friendAddRate', '加好友率', '辅导老师已加好友的学员 ÷ 学员数', level),
    ...figure('groupJoinCnt', '入群数', 'groupJoinRate', '入群率', '已加入班级群的学员 ÷ 学员数', level),
    ...figure(
      'liveAttendCnt',
      '直播到课人次',
      'liveAttendRate',
      '直播到课率',
      '直播到课的学员课次 ÷ 应到学员课次',
      level,
    ),
    ...figure(
      'liveCompletionCnt',
      '直播完课人次',
      'liveCompletionRate',
      '直播完课率',
      '直播达到完课标准的学员课次 ÷ 应到学员课次',
      level,
    ),
    ...figure(
      'playbackCompletionCnt',
      '回放完课人次',
      'playbackCompletionRate',
      '回放完课率',
      '直播未完课、看回放完课的学员课次 ÷ 直播未完课的学员课次',
      level,
    ),
    ...figure(
      'comprehensiveAttendCnt',
      '综合到课人次',
      'comprehensiveAttendRate',
      '综合到课率',
      '直播或回放到课的学员课次 ÷ 应到学员课次',
      level,
    ),
    ...figure(
      'comprehensiveCompletionCnt',
      '综合完课人次',
      'comprehensiveCompletionRate',
      '综合完课率',
      '直播与回放合计达到完课标准的学员课次 ÷ 应到学员课次',
      level,
    ),
    statRate('answerAccuracyRate', '答题正确率', '课中答对题数 ÷ 课中提交题数'),
    ...figure('retentionCnt', '续报人数', 'retentionRate', '续报率', '报名后续班级的在班学员 ÷ 在班学员', level),
    ...figure(
      'reportSendCnt',
      '报告发送数',
      'reportSendRate',
      '报告发送率',
      '已发送课堂报告的到课学员课次 ÷ 到课学员课次',
      level,
    ),
    ...figure(
      'analysisReportCnt',
      '学情报告数',
      'analysisReportCoverage',
      '学情分析报告覆盖率',
      '已发学期学情分析报告的学员 ÷ 学员数',
      level,
    ),
    ...figure(
      'leaveAfterStartCnt',
      '开课后退班数',
      'leaveAfterStartRate',
      '开课后退班率',
      '开课后退班的学员 ÷ 学员数',
      level,
    ),
  ];
}

function averages(level: OnlineLevel): StatColumn[] {
  return [
    ...(level === 'lesson' ? [] : [statAverage('avgLessonQuestionCnt', '课均互动题数', '互动题数 ÷ 已上课次')]),
    statAverage('avgChatNum', '人均聊天数', '聊天条数 ÷ 到课学员课次'),
    statAverage('avgOnWallNum', '人均上墙数', '上墙次数 ÷ 到课学员课次'),
  ];
}

/** The columns of a level's statistics on a screen. */
export function onlineStatColumns(level: OnlineLevel, side: OnlineSide): StatColumn[] {
  return [
    ...statIdentity(level, side),
    ...statCounts(level),
    ...(level === 'lesson' ? TEACHER_PRESENCE : teacherRates(level, side)),
    ...studentRates(level),
    ...averages(level),
  ];
}

/** The groups of a class (its drawer's 小组): the group level without the class. */
export const ONLINE_CLASS_GROUP_COLUMNS: StatColumn[] = onlineStatColumns('group', 'main').filter(
  (c) => c.prop !== 'className' && c.prop !== 'classCode' && c.prop !== 'schoolName',
);

// ---------------------------------------------------------------- student lessons

type StudentLessonColumn = ReportColumn<OnlineStudentLessonRow>;

export const ONLINE_STUDENT_LESSON_COLUMNS: StudentLessonColumn[] = [
  { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 130 },
  { prop: 'studentName', label: '学员姓名', fixed: 'left', minWidth: 100 },
  { prop: 'schoolName', label: '学校', minWidth: 140, ...HIDDEN },
  { prop: 'classCode', label: '班级编码', minWidth: 140 },
  { prop: 'className', label: '班级名称', minWidth: 200 },
  { prop: 'lessonName', label: '课次名称', minWidth: 180 },
  // Sorted by the server as the lesson's start.
  { prop: 'lessonBeginEndTime', label: '上课时间', minWidth: 200, sortable: 'custom', sortField: 'lessonTime' },
  { prop: 'teacherName', label: '主讲老师', minWidth: 100 },
  { prop: 'assistantName', label: '辅导老师', minWidth: 100 },
  { prop: 'assistantEmail', label: '辅导老师邮箱', minWidth: 200, ...HIDDEN },
  { prop: 'groupName', label: '小组', minWidth: 120 },
  { prop: 'attendStatus', label: '出勤状态', minWidth: 100, tooltip: '出勤：直播或回放到课' },
  { prop: 'livePresentStatus', label: '直播到课', minWidth: 100 },
  { prop: 'liveCompletionStatus', label: '直播完课', minWidth: 100 },
  { prop: 'comprehensiveAttendStatus', label: '综合到课', minWidth: 100 },
  { prop: 'comprehensiveCompletionStatus', label: '综合完课', minWidth: 100 },
  duration('liveStudyDuration', '直播学习时长', SORTABLE),
  duration('playbackStudyDuration', '回放学习时长', SORTABLE),
  duration('totalStudyDuration', '总学习时长', SORTABLE),
  count('submitCnt', '提交题数'),
  rate('answerAccuracyRate', '答题正确率', SORTABLE),
  count('chatNum', '聊天数'),
  count('onWallNum', '上墙数'),
  count('handUpNum', '举手数'),
  count('starNum', '获星数'),
  { prop: 'isSendReportDesc', label: '是否发送报告', minWidth: 120 },
  { prop: 'studentLessonTypeDesc', label: '课次类型', minWidth: 100 },
];

// ---------------------------------------------------------------- classes and quits

export const ONLINE_CLASS_COLUMNS: ReportColumn<OnlineClassRow>[] = [
  { prop: 'classCode', label: '班级编码', fixed: 'left', minWidth: 140 },
  { prop: 'className', label: '班级名称', fixed: 'left', minWidth: 200 },
  { prop: 'classBeginEndDate', label: '开结课日期', minWidth: 200 },
  { prop: 'schoolName', label: '学校', minWidth: 140 },
  { prop: 'teacherName', label: '主讲老师', minWidth: 100 },
  { prop: 'subjectName', label: '学科', minWidth: 100 },
  { prop: 'gradeName', label: '年级', minWidth: 100 },
  count('inClassCnt', '在班人数', { tooltip: '仍在班的学员' }),
  count('groupCnt', '小组数'),
  count('lessonCnt', '课次数'),
  count('heldLessonCnt', '已上课次'),
];

export const ONLINE_QUIT_COLUMNS: ReportColumn<OnlineQuitRow>[] = [
  { prop: 'schoolName', label: '学校', minWidth: 140 },
  { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 130 },
  { prop: 'studentName', label: '学员姓名', fixed: 'left', minWidth: 100 },
  instant('dtOutDate', '退班时间'),
  { prop: 'classCode', label: '班级编码', minWidth: 140 },
  { prop: 'className', label: '班级名称', minWidth: 200 },
  { prop: 'classBeginEndDate', label: '开结课日期', minWidth: 200 },
  count('leaveLessonNo', '退班时已上课次', { minWidth: 130 }),
  money('refundFee', '退费金额（元）'),
  { prop: 'refundReasonType', label: '退费原因类型', minWidth: 120 },
  { prop: 'refundReason', label: '退费原因', minWidth: 200 },
];

// ---------------------------------------------------------------- a class's details

export const ONLINE_CLASS_LESSON_COLUMNS: ReportColumn<OnlineClassLessonRow>[] = [
  { prop: 'lessonId', label: '课次ID', minWidth: 100 },
  { prop: 'lessonName', label: '课次名称', fixed: 'left', minWidth: 180 },
  { prop: 'lessonTimeStr', label: '上课时间', minWidth: 200 },
  { prop: 'teacher', label: '主讲老师', minWidth: 100 },
  { prop: 'lessonStatusDesc', label: '课次状态', minWidth: 100 },
  count('studentCount', '应到学员数', { minWidth: 120 }),
  count('liveAttendCnt', '直播到课人数', { minWidth: 120 }),
  rate('liveAttendRate', '直播到课率'),
  count('liveCompletionCnt', '直播完课人数', { minWidth: 120 }),
  rate('liveCompletionRate', '直播完课率'),
  count('comprehensiveAttendCnt', '综合到课人数', { minWidth: 120 }),
  rate('comprehensiveAttendRate', '综合到课率'),
  count('comprehensiveCompletionCnt', '综合完课人数', { minWidth: 120 }),
  rate('comprehensiveCompletionRate', '综合完课率'),
  { prop: 'videoType', label: '授课方式', minWidth: 100 },
  { prop: 'subjectName', label: '学科', minWidth: 100 },
];

export const ONLINE_CLASS_STUDENT_COLUMNS: ReportColumn<OnlineClassStudentRow>[] = [
  { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 130 },
  { prop: 'studentName', label: '学员姓名', fixed: 'left', minWidth: 100 },
  { prop: 'liveNickname', label: '直播昵称', minWidth: 120 },
  { prop: 'mobile', label: '手机号', minWidth: 130 },
  { prop: 'groupName', label: '小组', minWidth: 120 },
  { prop: 'inClassStatus', label: '在班状态', minWidth: 100 },
  { prop: 'isFriendStr', label: '是否好友', minWidth: 100 },
  count('lessonCnt', '应上课次', { tooltip: '在班期间已上的课次' }),
  count('presenceLessonCnt', '到课课次', { tooltip: '直播或回放到课' }),
  count('liveAttendLessonCnt', '直播到课课次', { minWidth: 120 }),
  count('comprehensiveCompletionCnt', '综合完课课次', { minWidth: 120 }),
  rate('avgAnswerAccuracyRate', '平均答题正确率', { minWidth: 140 }),
  duration('avgStudyDuration', '课均学习时长', { tooltip: '每课次学习的时长（时:分:秒）' }),
  rate('avgStudyProgress', '平均学习进度', { tooltip: '学习时长占课长的比例（每课次至多 100%）的平均' }),
  { prop: 'stuRetenFlag', label: '是否续报', minWidth: 100 },
  instant('joinClassTime', '入班时间'),
];

export const ONLINE_RENEWAL_COLUMNS: ReportColumn<OnlineRenewalRow>[] = [
  { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 130 },
  { prop: 'studentName', label: '学员姓名', fixed: 'left', minWidth: 100 },
  { prop: 'retentClassName', label: '续报班级', minWidth: 200 },
  { prop: 'retenClassCode', label: '续报班级编码', minWidth: 140 },
  day('retenRosInDate', '入班日期'),
  { prop: 'retenFyear', label: '财年', minWidth: 100 },
  { prop: 'retenQuarter', label: '季度', minWidth: 100 },
  { prop: 'retenGradeName', label: '年级', minWidth: 100 },
  { prop: 'retenSubjectName', label: '学科', minWidth: 100 },
  money('rostDusedpay', '实缴金额(元)'),
  count('retenLessonCnt', '课次数'),
  day('retenClassBegindate', '开课日期'),
  day('retenClassEnddate', '结课日期'),
  { prop: 'retenTeacherName', label: '主讲老师', minWidth: 100 },
  { prop: 'retenRosValid', label: '是否有效', minWidth: 100 },
  day('retenRosOutDate', '退班日期'),
];

export const ONLINE_DEVICE_COLUMNS: ReportColumn<OnlineDeviceRow>[] = [
  { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 130 },
  { prop: 'studentName', label: '学员姓名', fixed: 'left', minWidth: 100 },
  { prop: 'groupName', label: '小组', minWidth: 120 },
  { prop: 'mobile', label: '手机号', minWidth: 130 },
  { prop: 'deviceName', label: '设备', minWidth: 140 },
  { prop: 'isBlacklist', label: '是否黑名单设备', minWidth: 130 },
  { prop: 'clientVersion', label: '客户端版本', minWidth: 110 },
  { prop: 'installState', label: '安装状态', minWidth: 100 },
  instant('lastCheckDate', '最近检测时间'),
  { prop: 'cameraState', label: '摄像头', minWidth: 100 },
  { prop: 'microphoneState', label: '麦克风', minWidth: 100 },
  { prop: 'speakerState', label: '扬声器', minWidth: 100 },
  { prop: 'inClassState', label: '在班状态', minWidth: 100 },
];

// ---------------------------------------------------------------- a lesson's details

type LessonStudentColumn = ReportColumn<OnlineLessonStudentRow>;

const LESSON_STUDENT: LessonStudentColumn[] = [
  { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 130 },
  { prop: 'studentName', label: '学员姓名', fixed: 'left', minWidth: 100 },
];

/** 学员明细: each student's attendance, study time, answers and interaction at the lesson. */
export const ONLINE_LESSON_STUDENT_COLUMNS: LessonStudentColumn[] = [
  ...LESSON_STUDENT,
  { prop: 'liveNickname', label: '直播昵称', minWidth: 120 },
  { prop: 'mobile', label: '手机号', minWidth: 130 },
  { prop: 'groupName', label: '小组', minWidth: 120 },
  { prop: 'liveAttendStatus', label: '直播到课', minWidth: 100 },
  { prop: 'comprehensiveAttendStatus', label: '综合到课', minWidth: 100 },
  { prop: 'liveCompletionStatus', label: '直播完课', minWidth: 100 },
  { prop: 'comprehensiveCompletionStatus', label: '综合完课', minWidth: 100 },
  duration('liveStudyDuration', '直播学习时长', SORTABLE),
  duration('playbackStudyDuration', '回放学习时长', SORTABLE),
  duration('totalStudyDuration', '总学习时长', SORTABLE),
  count('submitCnt', '提交题数', HIDDEN),
  count('correctAnswerCnt', '答对题数'),
  rate('answerAccuracyRate', '答题正确率', SORTABLE),
  count('chatNum', '聊天数'),
  count('onWallNum', '上墙次数'),
  count('handUpNum', '举手次数'),
  count('starNum', '星星数'),
  { prop: 'leaveStatus', label: '请假状态', minWidth: 100 },
  { prop: 'inClassStatus', label: '在班状态', minWidth: 100 },
  instant('joinTime', '进入直播间时间', { minWidth: 170 }),
];

/** 课堂异常: the students with an anomaly, and their anomalies. */
export const ONLINE_ANOMALY_COLUMNS: LessonStudentColumn[] = [
  ...LESSON_STUDENT,
  { prop: 'groupName', label: '小组', minWidth: 120 },
  count('leaveRoomCount', '课中离开次数', { minWidth: 130, ...SORTABLE }),
  count('continueNotAnswerCount', '连续未答题数', { minWidth: 130, ...SORTABLE }),
  count('totalNotAnswerCount', '累计未答题数', { minWidth: 130, ...SORTABLE }),
  count('starAnomalyCount', '星星异常次数', { minWidth: 130, ...SORTABLE }),
];

/** 答题卡: correct over submitted, submitted over asked, stars, the in-class entry and exit. */
export const ONLINE_ANSWER_CARD_COLUMNS: LessonStudentColumn[] = [
  ...LESSON_STUDENT,
  { prop: 'groupName', label: '小组', minWidth: 120 },
  rate('correctRate', '正确率', { tooltip: '答对题数 ÷ 提交题数', ...SORTABLE }),
  rate('answerRate', '作答率', { tooltip: '提交题数 ÷ 互动题数', ...SORTABLE }),
  count('starCount', '星星数'),
  { prop: 'inoutClass', label: '进出课堂', minWidth: 200 },
];

/** 工作台答题: the accuracy over in-class and after-class answers. */
export const ONLINE_WORKBENCH_COLUMNS: LessonStudentColumn[] = [
  { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 130 },
  { prop: 'liveNickname', label: '直播昵称', minWidth: 120 },
  { prop: 'studentName', label: '学员姓名', minWidth: 100 },
  { prop: 'inClassStatus', label: '在班状态', minWidth: 100 },
  { prop: 'accuracyStr', label: '正确率', minWidth: 100 },
  { prop: 'isContainAfterClass', label: '是否含课后答题', minWidth: 130 },
];

export const ONLINE_LEAVE_COLUMNS: ReportColumn<OnlineLeaveRow>[] = [
  { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 130 },
  { prop: 'studentName', label: '学员姓名', minWidth: 100 },
  { prop: 'reason', label: '请假原因', minWidth: 220 },
  { prop: 'updateUser', label: '操作人', minWidth: 100 },
  instant('updateTime', '操作时间'),
];

/** Where a knowledge point starts in the replay: hh:mm:ss, the very start 00:00:00. */
export function formatReplayPosition(seconds: number): string {
  return seconds === 0 ? '00:00:00' : formatDuration(seconds);
}

export const ONLINE_REPLAY_POINT_COLUMNS: ReportColumn<OnlineReplayPointRow>[] = [
  { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 130 },
  { prop: 'studentName', label: '学员姓名', minWidth: 100 },
  { prop: 'lessonId', label: '课次ID', minWidth: 100, ...HIDDEN },
  { prop: 'lessonName', label: '课次名称', minWidth: 180, ...HIDDEN },
  { prop: 'knowledgeName', label: '知识点', minWidth: 200 },
  {
    prop: 'startTime',
    label: '回放位置',
    minWidth: 110,
    tooltip: '知识点在回放中的开始时间（时:分:秒）',
    format: (r) => formatReplayPosition(r.startTime),
  },
  instant('operateTime', '操作时间'),
  { prop: 'operate', label: '操作', minWidth: 100 },
];
