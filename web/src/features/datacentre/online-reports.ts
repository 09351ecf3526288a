// The online (live) class statistics (spec 02 §2 onlineMainTeacherStat, onlineAuxiliaryStat;
// §3.4): two screens, the main teachers' and the auxiliary teachers', each with four tabs over
// the data-centre search — 统计 at a level (the search's `type`: teacher, class, lesson, school,
// group), 学员课次 (a student at a held lesson per row), 班级明细 (the classes by class period)
// and 退班记录 (the students who left). Each is read a page at a time from
// /api/online/{side}/…, exports as online{Side}Stat (the level in the search's `type`),
// online{Side}StudentLessons, online{Side}Classes or online{Side}Quits, and keeps its own column
// settings (each level its own). A class's and a lesson's details are lists read whole from
// /api/online/class/{classId}/… and /api/online/lesson/{lessonId}/….

import type { DcSearch } from '@/generated/DcSearch';
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
import {
  ONLINE_ANOMALY_COLUMNS,
  ONLINE_ANSWER_CARD_COLUMNS,
  ONLINE_CLASS_COLUMNS,
  ONLINE_CLASS_GROUP_COLUMNS,
  ONLINE_CLASS_LESSON_COLUMNS,
  ONLINE_CLASS_STUDENT_COLUMNS,
  ONLINE_DEVICE_COLUMNS,
  ONLINE_LEAVE_COLUMNS,
  ONLINE_LESSON_STUDENT_COLUMNS,
  ONLINE_QUIT_COLUMNS,
  ONLINE_RENEWAL_COLUMNS,
  ONLINE_REPLAY_POINT_COLUMNS,
  ONLINE_STUDENT_LESSON_COLUMNS,
  ONLINE_WORKBENCH_COLUMNS,
  type OnlineLevel,
  type OnlineSide,
  onlineStatColumns,
} from './columns/online-columns';
import { type FilterField, REPORT_FILTERS } from './dc-search';
import type { ListReportDef, ReportDef } from './reports';

export type { OnlineLevel, OnlineSide } from './columns/online-columns';

/** The usual filters of a report: the period, the lessons' dimensions, teacher, student. */
export const ONLINE_FILTERS: readonly FilterField[] = REPORT_FILTERS;

/** The levels of the statistics, the default first. */
export const ONLINE_LEVELS: readonly { level: OnlineLevel; label: string }[] = [
  { level: 'teacher', label: '老师' },
  { level: 'class', label: '班级' },
  { level: 'lesson', label: '课次' },
  { level: 'school', label: '校区' },
  { level: 'group', label: '小组' },
];

export const DEFAULT_ONLINE_LEVEL: OnlineLevel = 'teacher';

export const isOnlineLevel = (v: string | null): v is OnlineLevel => ONLINE_LEVELS.some((l) => l.level === v);

/** What a class's drawer is opened on. */
export interface OnlineClassRef {
  classId: number;
  classCode: string;
  className: string;
}

/** What a lesson's drawer is opened on. */
export interface OnlineLessonRef {
  lessonId: number;
  lessonName: string;
}

export interface OnlineScreenDef {
  side: OnlineSide;
  title: string;
  /** 统计, per level. */
  stat: Record<OnlineLevel, ReportDef<OnlineStatRow>>;
  studentLessons: ReportDef<OnlineStudentLessonRow>;
  classes: ReportDef<OnlineClassRow>;
  quits: ReportDef<OnlineQuitRow>;
}

/** The body of a statistics call: the search at the level. */
export function onlineStatSearch(level: OnlineLevel, search: DcSearch): DcSearch {
  return { ...search, type: level };
}

const levelLabel = (level: OnlineLevel) => ONLINE_LEVELS.find((l) => l.level === level)?.label ?? level;

/** A statistics row's identity: the names of every level (those of other levels are empty). */
const statKey = (r: OnlineStatRow) =>
  [r.schoolName, r.teacherEmail, r.assistantEmail, r.classId, r.groupId, r.lessonId].join('|');

/** A statistics row's accessible name: what names it at its level. */
function statLabel(level: OnlineLevel, side: OnlineSide) {
  return (r: OnlineStatRow): string => {
    switch (level) {
      case 'teacher':
        return side === 'main' ? r.teacherName : r.assistantName;
      case 'class':
        return r.className;
      case 'lesson':
        return `${r.className} ${r.lessonName}`;
      case 'school':
        return r.schoolName;
      case 'group':
        return `${r.className} ${r.groupName}`;
    }
  };
}

function onlineScreen(side: OnlineSide, title: string): OnlineScreenDef {
  const Side = side === 'main' ? 'Main' : 'Auxiliary';
  const path = `/api/online/${side}`;
  const statReport = (level: OnlineLevel): ReportDef<OnlineStatRow> => ({
    excelType: `online${Side}Stat`,
    settingsName: `online-${side}-${level}`,
    title: `${title}-${levelLabel(level)}统计`,
    path: `${path}/statistics`,
    request: (search) => onlineStatSearch(level, search),
    columns: onlineStatColumns(level, side),
    rowKey: statKey,
    rowLabel: statLabel(level, side),
  });
  return {
    side,
    title,
    stat: {
      teacher: statReport('teacher'),
      class: statReport('class'),
      lesson: statReport('lesson'),
      school: statReport('school'),
      group: statReport('group'),
    },
    studentLessons: {
      excelType: `online${Side}StudentLessons`,
      title: `${title}-学员课次`,
      path: `${path}/studentLessons`,
      columns: ONLINE_STUDENT_LESSON_COLUMNS,
      rowKey: (r) => `${r.lessonId}|${r.studentCode}`,
      rowLabel: (r) => `${r.studentName} ${r.lessonName}`,
    },
    classes: {
      excelType: `online${Side}Classes`,
      title: `${title}-班级明细`,
      path: `${path}/classes`,
      columns: ONLINE_CLASS_COLUMNS,
      rowKey: (r) => r.classId,
      rowLabel: (r) => r.className,
    },
    quits: {
      excelType: `online${Side}Quits`,
      title: `${title}-退班记录`,
      path: `${path}/quits`,
      columns: ONLINE_QUIT_COLUMNS,
      rowKey: (r) => `${r.classCode}|${r.studentCode}|${r.dtOutDate}`,
      rowLabel: (r) => `${r.studentName} ${r.className}`,
    },
  };
}

/** /dataCenter/onlineMainTeacherStat: the main teachers' live classes. */
export const ONLINE_MAIN = onlineScreen('main', '主讲老师直播课统计');

/** /dataCenter/onlineAuxiliaryStat: the auxiliary teachers' groups in live classes. */
export const ONLINE_AUXILIARY = onlineScreen('auxiliary', '辅导老师直播课统计');

export const ONLINE_SCREENS: readonly OnlineScreenDef[] = [ONLINE_MAIN, ONLINE_AUXILIARY];

// ---------------------------------------------------------------- a class's and a lesson's details

export type OnlineClassPart = 'lessons' | 'students' | 'groups' | 'renewals' | 'devices';
export type OnlineLessonPart = 'students' | 'leaves' | 'replayPoints';

/** POST /api/online/class/{classId}/{part}: a list of the class. */
export const onlineClassPath = (classId: number, part: OnlineClassPart) => `/api/online/class/${classId}/${part}`;

/** POST /api/online/lesson/{lessonId}/{part}: a list of the lesson. */
export const onlineLessonPath = (lessonId: number, part: OnlineLessonPart) => `/api/online/lesson/${lessonId}/${part}`;

/** A class's drawer: its lessons, students, groups, renewals and device checks. */
export const ONLINE_CLASS_LESSONS: ListReportDef<OnlineClassLessonRow> = {
  settingsName: 'online-class-lessons',
  title: '班级课次',
  columns: ONLINE_CLASS_LESSON_COLUMNS,
  rowKey: (r) => r.lessonId,
  rowLabel: (r) => r.lessonName,
};

export const ONLINE_CLASS_STUDENTS: ListReportDef<OnlineClassStudentRow> = {
  settingsName: 'online-class-students',
  title: '班级学员',
  columns: ONLINE_CLASS_STUDENT_COLUMNS,
  rowKey: (r) => r.studentCode,
  rowLabel: (r) => r.studentName,
};

export const ONLINE_CLASS_GROUPS: ListReportDef<OnlineStatRow> = {
  settingsName: 'online-class-groups',
  title: '班级小组',
  columns: ONLINE_CLASS_GROUP_COLUMNS,
  rowKey: (r) => r.groupId,
  rowLabel: (r) => r.groupName,
};

export const ONLINE_CLASS_RENEWALS: ListReportDef<OnlineRenewalRow> = {
  settingsName: 'online-class-renewals',
  title: '续报',
  columns: ONLINE_RENEWAL_COLUMNS,
  rowKey: (r) => `${r.studentCode}|${r.retenClassCode}`,
  rowLabel: (r) => `${r.studentName} ${r.retentClassName}`,
};

export const ONLINE_CLASS_DEVICES: ListReportDef<OnlineDeviceRow> = {
  settingsName: 'online-class-devices',
  title: '设备检测',
  columns: ONLINE_DEVICE_COLUMNS,
  rowKey: (r) => r.studentCode,
  rowLabel: (r) => r.studentName,
};

const lessonStudentKey = (r: OnlineLessonStudentRow) => r.studentCode;
const lessonStudentLabel = (r: OnlineLessonStudentRow) => r.studentName;

/** A lesson's drawer: four views of its students, its leaves and its replay knowledge points. */
export const ONLINE_LESSON_STUDENTS: ListReportDef<OnlineLessonStudentRow> = {
  settingsName: 'online-lesson-students',
  title: '学员明细',
  columns: ONLINE_LESSON_STUDENT_COLUMNS,
  rowKey: lessonStudentKey,
  rowLabel: lessonStudentLabel,
};

export const ONLINE_LESSON_ANOMALIES: ListReportDef<OnlineLessonStudentRow> = {
  settingsName: 'online-lesson-anomalies',
  title: '课堂异常',
  columns: ONLINE_ANOMALY_COLUMNS,
  rowKey: lessonStudentKey,
  rowLabel: lessonStudentLabel,
};

export const ONLINE_LESSON_ANSWER_CARDS: ListReportDef<OnlineLessonStudentRow> = {
  settingsName: 'online-lesson-answer-cards',
  title: '答题卡',
  columns: ONLINE_ANSWER_CARD_COLUMNS,
  rowKey: lessonStudentKey,
  rowLabel: lessonStudentLabel,
};

export const ONLINE_LESSON_WORKBENCH: ListReportDef<OnlineLessonStudentRow> = {
  settingsName: 'online-lesson-workbench',
  title: '工作台答题',
  columns: ONLINE_WORKBENCH_COLUMNS,
  rowKey: lessonStudentKey,
  rowLabel: lessonStudentLabel,
};

export const ONLINE_LESSON_LEAVES: ListReportDef<OnlineLeaveRow> = {
  settingsName: 'online-lesson-leaves',
  title: '请假记录',
  columns: ONLINE_LEAVE_COLUMNS,
  rowKey: (r) => r.studentCode,
  rowLabel: (r) => r.studentName,
};

export const ONLINE_LESSON_REPLAY_POINTS: ListReportDef<OnlineReplayPointRow> = {
  settingsName: 'online-lesson-replay-points',
  title: '回放知识点',
  columns: ONLINE_REPLAY_POINT_COLUMNS,
  rowKey: (r) => `${r.studentCode}|${r.knowledgeName}|${r.startTime}|${r.operateTime}|${r.operate}`,
  rowLabel: (r) => `${r.studentName} ${r.knowledgeName}`,
};

/** The drawers' titles (their dialogs' names). */
export const classDrawerTitle = (c: OnlineClassRef) => `班级：${c.classCode} ${c.className}`;
export const lessonDrawerTitle = (l: OnlineLessonRef) => `课次：${l.lessonName}`;

/** Whether a student had an anomaly at the lesson (课堂异常 shows only those). */
export function hasAnomaly(r: OnlineLessonStudentRow): boolean {
  return r.leaveRoomCount > 0 || r.continueNotAnswerCount > 0 || r.totalNotAnswerCount > 0 || r.starAnomalyCount > 0;
}

/** The class a row opens (its code or name), when the row is of one class. */
export function classOf(r: { classId: number; classCode: string; className: string }): OnlineClassRef | null {
  return r.classId > 0 ? { classId: r.classId, classCode: r.classCode, className: r.className } : null;
}

/** The lesson a row opens (its name), when the row is of one lesson. */
export function lessonOf(r: { lessonId: number; lessonName: string }): OnlineLessonRef | null {
  return r.lessonId > 0 ? { lessonId: r.lessonId, lessonName: r.lessonName } : null;
}
