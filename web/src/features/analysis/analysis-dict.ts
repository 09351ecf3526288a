// Learning analysis' (学情分析) and stage reports' (阶段报告) code tables and limits, copied from the
// protocol crate because src/generated carries no dictionaries (dto analysis: POINT_LEVELS, the
// rates of the levels, TEMPLATE_*, REPORT_TEMPLATES, REPORT_STATUSES, MAX_* limits; constants
// SUBJECTS; dto question QUESTION_TYPES; dictionary score_band; analysis-dict.test.ts checks them
// against the Rust source), and how a level, a status, a mark and a rate are shown.

import { formatRate } from '@/lib/format';

/** A badge: its text and Mantine colour. */
export interface BadgeSpec {
  text: string;
  color: string;
}

/** A code and its name. */
export interface Coded {
  code: number;
  name: string;
}

/** A knowledge point is weak below this rate (%), fair below POINT_GOOD_RATE, mastered from it. */
export const POINT_FAIR_RATE = 60;
export const POINT_GOOD_RATE = 85;

/** A knowledge point's mastery (POINT_LEVELS), with its colour. */
export const POINT_LEVELS: readonly (Coded & { color: string })[] = [
  { code: 1, name: '薄弱', color: 'red' },
  { code: 2, name: '一般', color: 'orange' },
  { code: 3, name: '掌握', color: 'green' },
];

/** A level's badge ('-' when the code is new). */
export function pointLevelBadge(level: number): BadgeSpec {
  const known = POINT_LEVELS.find((l) => l.code === level);
  return known ? { text: known.name, color: known.color } : { text: '-', color: 'gray' };
}

/** Report templates: what a report analyses. */
export const TEMPLATE_POINTS = 1;
export const TEMPLATE_WRONG = 2;
export const TEMPLATE_PAPER = 3;

/** The templates' names (the server lists them with their descriptions: analysis/templates). */
export const REPORT_TEMPLATES: readonly Coded[] = [
  { code: TEMPLATE_POINTS, name: '知识点掌握报告' },
  { code: TEMPLATE_WRONG, name: '错题复盘报告' },
  { code: TEMPLATE_PAPER, name: '单卷分析报告' },
];

/** A report's state: a draft its teacher edits, or published (read-only). */
export const REPORT_DRAFT = 1;
export const REPORT_PUBLISHED = 2;

export const REPORT_STATUSES: readonly (Coded & { color: string })[] = [
  { code: REPORT_DRAFT, name: '草稿', color: 'orange' },
  { code: REPORT_PUBLISHED, name: '已发布', color: 'green' },
];

/** A report's state as its badge (the server's name when the code is new). */
export function reportStatusBadge(status: number, name = ''): BadgeSpec {
  const known = REPORT_STATUSES.find((s) => s.code === status);
  return known ? { text: known.name, color: known.color } : { text: name || '-', color: 'gray' };
}

/** The longest title, and the longest of each text a report holds. */
export const MAX_REPORT_TITLE_CHARS = 60;
export const MAX_REPORT_TEXT_CHARS = 2000;
/** How many questions a report may show, and the longest note on one. */
export const MAX_REPORT_QUESTIONS = 50;
export const MAX_REPORT_QUESTION_NOTE_CHARS = 200;
/** The longest period an analysis or a report covers, in days. */
export const MAX_ANALYSIS_DAYS = 366;

/** The subjects (constants SUBJECTS), in the order of their codes. */
export const SUBJECTS: readonly Coded[] = [
  { code: 53, name: '英语' },
  { code: 54, name: '数学' },
  { code: 55, name: '语文' },
  { code: 56, name: '物理' },
  { code: 57, name: '化学' },
  { code: 58, name: '生物' },
  { code: 59, name: '地理' },
  { code: 60, name: '政治' },
  { code: 61, name: '历史' },
  { code: 62, name: '科学' },
];

/** A subject filter of 0 is every subject. */
export const ALL_SUBJECTS = 0;

/** A subject's name: 全部学科 for 0, '-' when the code is unknown. */
export function subjectName(code: number): string {
  if (code === ALL_SUBJECTS) return '全部学科';
  return SUBJECTS.find((s) => s.code === code)?.name ?? '-';
}

/** The question types (dto question QUESTION_TYPES); 1 and 2 are the choices. */
export const QUESTION_TYPES: readonly Coded[] = [
  { code: 1, name: '单选题' },
  { code: 2, name: '多选题' },
  { code: 3, name: '填空题' },
  { code: 4, name: '解答题' },
];

export const questionTypeName = (type: number) => QUESTION_TYPES.find((t) => t.code === type)?.name ?? '题目';

/**
 * The score bands of a class (dictionary score_band): a score of at most 30 % of the full score
 * is band 0, at most 50 % band 1, at most 60 % band 2, at most 70 % band 3, above band 4.
 */
export const SCORE_BAND_LIMITS: readonly number[] = [30, 50, 60, 70];
export const SCORE_BAND_LABELS: readonly string[] = ['≤30%', '30%–50%', '50%–60%', '60%–70%', '>70%'];

/** The band of a score as a percentage of the full score. */
export function scoreBandOf(percent: number): number {
  const band = SCORE_BAND_LIMITS.findIndex((limit) => percent <= limit);
  return band === -1 ? SCORE_BAND_LIMITS.length : band;
}

/** A rate as the server gives it (percent, one decimal): '66.7%', '/' when nothing was marked (-1). */
export const rateText = (rate: number) => formatRate(rate);

/** A rate for a chart: null (a gap) when nothing was marked. */
export const chartRate = (rate: number) => (rate < 0 ? null : rate);

/** What the student did on a question: right, wrong, waiting for marking, or nothing. */
export type Mark = 'right' | 'wrong' | 'toMark' | 'none';

export function markOf(answer: { correct: boolean | null; studentAnswer: string }): Mark {
  if (answer.correct === true) return 'right';
  if (answer.correct === false) return 'wrong';
  return answer.studentAnswer.trim() ? 'toMark' : 'none';
}

const MARK_BADGES: Record<Mark, BadgeSpec> = {
  right: { text: '对', color: 'green' },
  wrong: { text: '错', color: 'red' },
  toMark: { text: '待批改', color: 'orange' },
  none: { text: '未作答', color: 'gray' },
};

export const markBadge = (mark: Mark): BadgeSpec => MARK_BADGES[mark];
