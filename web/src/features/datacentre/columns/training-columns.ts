// The basic training examination's columns (spec 02 §2 basicTrainingExamination): a trainee (a
// teacher in their first year) per row, an exam per row, and a trainee's result in an exam per
// row. The trainees' and results' labels are the server's export headers, so that screen and
// export agree; the trainees' score band (02 §5) is drawn on screen only, the exports have no
// such column. Score rates come as percentages (0–100) and pass rates as fractions; either is
// -1 ('/') without a base. A score of -1 is an absent trainee ('-'). The server sorts the
// trainees by their exams, pass rate, average score rate and last exam, the results by the
// exam's time, the score and the submission; the exams come newest first, unsorted.

import type { ReportColumn } from '@/components/data-table/report-column';
import type { TraineeRow } from '@/generated/TraineeRow';
import type { TrainingExamRow } from '@/generated/TrainingExamRow';
import type { TrainingResultRow } from '@/generated/TrainingResultRow';
import { EMPTY } from '@/lib/format';
import { formatCount, formatDcRate, formatInstant, formatText } from '@/lib/report-format';

/** A percentage (0–100) as the rates show (64.57 → '64.57%'); -1 (none sat) is '/'. */
export function formatPercent(value: number): string {
  return formatDcRate(value < 0 ? -1 : value / 100);
}

/** A score or count that is -1 when nobody sat: '-'. */
export function formatScore(value: number): string {
  return value < 0 ? EMPTY : formatText(value);
}

/** The name of a score band's code (`/dict/prepare` scoreBands); '' when unknown. */
export type ScoreBandName = (code: number) => string;

/** The trainees' columns, the score band named by `bandName` (-1: none sat, '-'). */
export function traineeColumns(bandName: ScoreBandName): ReportColumn<TraineeRow>[] {
  return [
    { prop: 'teacherName', label: '学员（老师）', fixed: 'left', minWidth: 120 },
    { prop: 'teacherEmail', label: '老师邮箱', minWidth: 200 },
    { prop: 'schoolName', label: '学校', minWidth: 130 },
    { prop: 'subjectName', label: '学科', minWidth: 100 },
    { prop: 'teachingAge', label: '教龄（天）', minWidth: 110, format: (r) => formatCount(r.teachingAge) },
    { prop: 'companyAge', label: '司龄（天）', minWidth: 110, format: (r) => formatCount(r.companyAge) },
    {
      prop: 'examCnt',
      label: '应考场次',
      minWidth: 110,
      sortable: 'custom',
      tooltip: '期间内报名的考试',
      format: (r) => formatCount(r.examCnt),
    },
    {
      prop: 'takenCnt',
      label: '实考场次',
      minWidth: 110,
      sortable: 'custom',
      format: (r) => formatCount(r.takenCnt),
    },
    { prop: 'passedCnt', label: '通过场次', minWidth: 110, format: (r) => formatCount(r.passedCnt) },
    {
      prop: 'passRate',
      label: '通过率',
      minWidth: 110,
      sortable: 'custom',
      tooltip: '通过场次 ÷ 应考场次',
      format: (r) => formatDcRate(r.passRate),
    },
    {
      prop: 'avgScoreRate',
      label: '平均得分率（%）',
      minWidth: 150,
      sortable: 'custom',
      tooltip: '实考各场得分占满分之比的平均',
      format: (r) => formatPercent(r.avgScoreRate),
    },
    {
      prop: 'maxScoreRate',
      label: '最高得分率（%）',
      minWidth: 150,
      format: (r) => formatPercent(r.maxScoreRate),
    },
    {
      prop: 'scoreBand',
      label: '得分段',
      minWidth: 110,
      tooltip: '平均得分率所在分段',
      exported: false,
      format: (r) => (r.scoreBand < 0 ? EMPTY : formatText(bandName(r.scoreBand))),
    },
    {
      prop: 'lastExamTime',
      label: '最近考试时间',
      minWidth: 160,
      sortable: 'custom',
      tooltip: '最近一次交卷的时间',
      format: (r) => formatInstant(r.lastExamTime),
    },
  ];
}

export const TRAINING_EXAM_COLUMNS: ReportColumn<TrainingExamRow>[] = [
  { prop: 'examName', label: '考试', fixed: 'left', minWidth: 220 },
  { prop: 'categoryDesc', label: '类别', minWidth: 100 },
  { prop: 'subjectName', label: '学科', minWidth: 100 },
  { prop: 'heldTime', label: '考试时间', minWidth: 160, format: (r) => formatInstant(r.heldTime) },
  { prop: 'totalScore', label: '满分', minWidth: 100, format: (r) => formatCount(r.totalScore) },
  { prop: 'passScore', label: '及格分', minWidth: 100, format: (r) => formatCount(r.passScore) },
  { prop: 'enrolledCnt', label: '应考人数', minWidth: 110, format: (r) => formatCount(r.enrolledCnt) },
  { prop: 'takenCnt', label: '实考人数', minWidth: 110, format: (r) => formatCount(r.takenCnt) },
  { prop: 'passedCnt', label: '通过人数', minWidth: 110, format: (r) => formatCount(r.passedCnt) },
  {
    prop: 'takeRate',
    label: '参考率',
    minWidth: 110,
    tooltip: '实考人数 ÷ 应考人数',
    format: (r) => formatDcRate(r.takeRate),
  },
  {
    prop: 'passRate',
    label: '通过率',
    minWidth: 110,
    tooltip: '通过人数 ÷ 实考人数',
    format: (r) => formatDcRate(r.passRate),
  },
  { prop: 'avgScore', label: '平均分', minWidth: 100, format: (r) => formatScore(r.avgScore) },
  { prop: 'maxScore', label: '最高分', minWidth: 100, format: (r) => formatScore(r.maxScore) },
  { prop: 'minScore', label: '最低分', minWidth: 100, format: (r) => formatScore(r.minScore) },
];

/** 已通过 green, 未通过 red, 缺考 grey. */
export function resultColor({ resultDesc }: Pick<TrainingResultRow, 'resultDesc'>): string | undefined {
  if (resultDesc === '已通过') return 'teal';
  if (resultDesc === '未通过') return 'red';
  if (resultDesc === '缺考') return 'gray';
  return undefined;
}

/** Whether the trainee sat the exam (an absent one has no score, submission or time used). */
const sat = (r: TrainingResultRow) => r.score >= 0;

export const TRAINING_RESULT_COLUMNS: ReportColumn<TrainingResultRow>[] = [
  { prop: 'examName', label: '考试', fixed: 'left', minWidth: 220 },
  { prop: 'categoryDesc', label: '类别', minWidth: 100 },
  {
    prop: 'heldTime',
    label: '考试时间',
    minWidth: 160,
    sortable: 'custom',
    format: (r) => formatInstant(r.heldTime),
  },
  { prop: 'teacherName', label: '老师', minWidth: 100 },
  { prop: 'teacherEmail', label: '老师邮箱', minWidth: 200 },
  { prop: 'schoolName', label: '学校', minWidth: 130 },
  { prop: 'score', label: '得分', minWidth: 100, sortable: 'custom', format: (r) => formatScore(r.score) },
  { prop: 'totalScore', label: '满分', minWidth: 100, format: (r) => formatCount(r.totalScore) },
  { prop: 'resultDesc', label: '结果', minWidth: 100, badgeColor: resultColor },
  {
    prop: 'submitTime',
    label: '交卷时间',
    minWidth: 160,
    sortable: 'custom',
    format: (r) => formatInstant(r.submitTime),
  },
  {
    prop: 'usedMinutes',
    label: '用时（分钟）',
    minWidth: 120,
    format: (r) => (sat(r) ? formatCount(r.usedMinutes) : EMPTY),
  },
];
