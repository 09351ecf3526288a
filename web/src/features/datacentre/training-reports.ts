// The basic training examination (spec 02 §2 basicTrainingExamination; the spec shows no
// content): the exams staff sit in their first year, read per trainee (学员统计, exported as
// trainingTrainees), per exam (考试统计, no export) and per result (成绩明细, trainingResults).
// The exams are searched by their day, the header's school and subjects, area, teacher,
// teaching age and project team; the lesson, product, grade and student filters do not apply.

import type { CodeName } from '@/generated/CodeName';
import type { TraineeRow } from '@/generated/TraineeRow';
import type { TrainingExamRow } from '@/generated/TrainingExamRow';
import type { TrainingResultRow } from '@/generated/TrainingResultRow';
import { TRAINING_EXAM_COLUMNS, TRAINING_RESULT_COLUMNS, traineeColumns } from './columns/training-columns';
import type { FilterField } from './dc-search';
import type { ReportDef } from './reports';

export const TRAINING_FILTERS: readonly FilterField[] = [
  'date',
  'fiscal',
  'area',
  'teacher',
  'teacherTeachTime',
  'projectGroup',
];

const PATH = '/api/training/exam';

/** 学员统计: a trainee per row, the score band named by `/dict/prepare` scoreBands. */
export function trainingTrainees(scoreBands: readonly CodeName[]): ReportDef<TraineeRow> {
  const bandName = (code: number) => scoreBands.find((b) => b.code === String(code))?.name ?? '';
  return {
    excelType: 'trainingTrainees',
    title: '基础训练考试学员统计',
    path: `${PATH}/trainees`,
    columns: traineeColumns(bandName),
    rowKey: (r) => r.teacherId,
    rowLabel: (r) => r.teacherName,
  };
}

/** 考试统计: an exam per row, newest first. */
export const TRAINING_EXAMS: ReportDef<TrainingExamRow> = {
  excelType: null,
  settingsName: 'training-exams',
  title: '基础训练考试考试统计',
  path: `${PATH}/exams`,
  columns: TRAINING_EXAM_COLUMNS,
  rowKey: (r) => r.examId,
  rowLabel: (r) => r.examName,
};

/** 成绩明细: a trainee's result in an exam per row. */
export const TRAINING_RESULTS: ReportDef<TrainingResultRow> = {
  excelType: 'trainingResults',
  title: '基础训练考试成绩明细',
  path: `${PATH}/results`,
  columns: TRAINING_RESULT_COLUMNS,
  rowKey: (r) => `${r.heldTime}|${r.examName}|${r.teacherEmail}`,
  rowLabel: (r) => `${r.teacherName} ${r.examName}`,
};

/** The exams' pass rates as bars, oldest first (the exams come newest first); none sat: no bar. */
export function examPassRateBars(exams: readonly TrainingExamRow[]): { exam: string; passRate: number }[] {
  return exams
    .filter((e) => e.passRate >= 0)
    .map((e) => ({ exam: e.examName, passRate: e.passRate * 100 }))
    .reverse();
}
