// The teaching service's code tables (protocol `dictionary`: CLASS_TYPES, LESSON_STATUSES,
// REPORT_STAGES, ATTENDANCE_STATUSES) and the one colour of each status, stage and attendance, so
// that every page of 易服务 draws them alike.

/** A badge: its text and Mantine colour. */
export interface BadgeSpec {
  text: string;
  color: string;
}

export const ONE_ON_ONE = 1;
export const SMALL_GROUP = 2;
export const CLASS_LESSON = 3;
/** The live (online) class: `classType` 4 lists the online classes. */
export const ONLINE_CLASS_TYPE = 4;

/** Class types, in the server's order (`CLASS_TYPES`). */
export const CLASS_TYPES: readonly { value: number; label: string }[] = [
  { value: ONE_ON_ONE, label: '一对一' },
  { value: SMALL_GROUP, label: '小组课' },
  { value: CLASS_LESSON, label: '班课' },
  { value: ONLINE_CLASS_TYPE, label: '直播课' },
];

export function classTypeName(classType: number): string {
  return CLASS_TYPES.find((t) => t.value === classType)?.label ?? '-';
}

export const LESSON_SCHEDULED = 0;
export const LESSON_HELD = 1;
export const LESSON_CANCELLED = 2;

const LESSON_STATUSES: readonly (BadgeSpec & { status: number })[] = [
  { status: LESSON_SCHEDULED, text: '待上课', color: 'blue' },
  { status: LESSON_HELD, text: '已上课', color: 'green' },
  { status: LESSON_CANCELLED, text: '已取消', color: 'gray' },
];

/** A lesson's status (`LESSON_STATUSES`) as its badge; the server's name when the code is new. */
export function lessonStatusBadge(status: number, name = ''): BadgeSpec {
  const known = LESSON_STATUSES.find((s) => s.status === status);
  return known ? { text: known.text, color: known.color } : { text: name || '-', color: 'gray' };
}

/** A report's stage (`REPORT_STAGES`): written (draft, confirmed, submitted), sent, opened. */
export type ReportStage = 'draft' | 'confirmed' | 'submitted' | 'sent' | 'opened';

export const REPORT_STAGES: readonly (BadgeSpec & { stage: ReportStage })[] = [
  { stage: 'draft', text: '草稿', color: 'gray' },
  { stage: 'confirmed', text: '已确认', color: 'yellow' },
  { stage: 'submitted', text: '已提交', color: 'blue' },
  { stage: 'sent', text: '已发送', color: 'teal' },
  { stage: 'opened', text: '家长已读', color: 'green' },
];

export const isReportStage = (value: string | null): value is ReportStage =>
  REPORT_STAGES.some((s) => s.stage === value);

/** A student's report not started yet (no stage). */
export const NOT_STARTED: BadgeSpec = { text: '未开始', color: 'orange' };

/**
 * A report's stage as its badge: '' (no report yet) is 未开始; an unknown stage shows the
 * server's name.
 */
export function reportStageBadge(stage: string, name = ''): BadgeSpec {
  if (stage === '') return NOT_STARTED;
  const known = REPORT_STAGES.find((s) => s.stage === stage);
  return known ? { text: known.text, color: known.color } : { text: name || stage, color: 'gray' };
}

const ATTENDANCE: readonly (BadgeSpec & { status: number })[] = [
  { status: 1, text: '出勤', color: 'green' },
  { status: 2, text: '迟到', color: 'yellow' },
  { status: 3, text: '缺勤', color: 'red' },
  { status: 4, text: '请假', color: 'violet' },
];

/** An attendance (`ATTENDANCE_STATUSES`) as its badge; null before the lesson is recorded (0). */
export function attendanceBadge(status: number, name = ''): BadgeSpec | null {
  if (status === 0) return null;
  const known = ATTENDANCE.find((a) => a.status === status);
  return known ? { text: known.text, color: known.color } : { text: name || '-', color: 'gray' };
}

/** An attendance given by its name only (a student's lessons): its badge, null when empty. */
export function attendanceBadgeByName(name: string): BadgeSpec | null {
  if (!name) return null;
  return ATTENDANCE.find((a) => a.text === name) ?? { text: name, color: 'gray' };
}
