import { describe, expect, it } from 'vitest';
import { formatPercent, formatScore, resultColor } from './columns/training-columns';
import { reportStoreKey } from './reports';
import { dictPrepare, traineeRow, trainingExamRow } from './test-helpers';
import { examPassRateBars, TRAINING_EXAMS, TRAINING_RESULTS, trainingTrainees } from './training-reports';

describe('the basic training examination', () => {
  it('keeps each table’s column settings; the exams do not export', () => {
    const trainees = trainingTrainees(dictPrepare.scoreBands);
    expect([trainees, TRAINING_EXAMS, TRAINING_RESULTS].map(reportStoreKey)).toEqual([
      'datacentre-trainingTrainees',
      'datacentre-training-exams',
      'datacentre-trainingResults',
    ]);
    expect(TRAINING_EXAMS.excelType).toBeNull();
  });

  it('names a trainee’s score band from the dictionary, and draws it on screen only', () => {
    const band = trainingTrainees(dictPrepare.scoreBands).columns.find((c) => c.prop === 'scoreBand');
    expect(band?.exported).toBe(false);
    const row = (scoreBand: number) => traineeRow(1, { scoreBand });
    expect([0, 4, -1].map((b) => band?.format?.(row(b)))).toEqual(['0-30%', '71-100%', '-']);
    // Before the dictionary is read: no name yet.
    const unnamed = trainingTrainees([]).columns.find((c) => c.prop === 'scoreBand');
    expect(unnamed?.format?.(row(2))).toBe('-');
  });

  it('shows score rates (percentages) as the pass rates, -1 as /; absent scores as -', () => {
    expect([formatPercent(64.57), formatPercent(100), formatPercent(0), formatPercent(-1)]).toEqual([
      '64.57%',
      '100.00%',
      '0.00%',
      '/',
    ]);
    expect([formatScore(72), formatScore(68.25), formatScore(0), formatScore(-1)]).toEqual(['72', '68.25', '0', '-']);
    expect(['已通过', '未通过', '缺考', ''].map((resultDesc) => resultColor({ resultDesc }))).toEqual([
      'teal',
      'red',
      'gray',
      undefined,
    ]);
  });

  it('draws the exams’ pass rates oldest first, without the exams nobody sat', () => {
    const exams = [
      trainingExamRow(3, { passRate: 0.25 }),
      trainingExamRow(2, { passRate: -1 }),
      trainingExamRow(1, { passRate: 1 }),
    ];
    expect(examPassRateBars(exams)).toEqual([
      { exam: '入职培训考试（第1期）', passRate: 100 },
      { exam: '入职培训考试（第3期）', passRate: 25 },
    ]);
  });
});
