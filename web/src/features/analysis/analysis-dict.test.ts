// The hand-copied tables and limits against the protocol crate's source, so that neither side
// drifts alone; and the analysis pages' rules that need no server.

import { describe, expect, it } from 'vitest';
import {
  MAX_ANALYSIS_DAYS,
  MAX_REPORT_QUESTION_NOTE_CHARS,
  MAX_REPORT_QUESTIONS,
  MAX_REPORT_TEXT_CHARS,
  MAX_REPORT_TITLE_CHARS,
  markOf,
  POINT_FAIR_RATE,
  POINT_GOOD_RATE,
  POINT_LEVELS,
  QUESTION_TYPES,
  rateText,
  REPORT_DRAFT,
  REPORT_PUBLISHED,
  REPORT_STATUSES,
  REPORT_TEMPLATES,
  SCORE_BAND_LIMITS,
  scoreBandOf,
  SUBJECTS,
  TEMPLATE_PAPER,
  TEMPLATE_POINTS,
  TEMPLATE_WRONG,
} from './analysis-dict';
import { questionScore, studentBand, taskScore, trendPoints } from './analysis-format';
import { analysisModulePath, reportItemPath, searchOf, templateAnalysisPath, fullVolumePath } from './analysis-paths';
import { dayPeriod, lastDays, periodError, periodOf, periodText, rangeOf } from './analysis-period';
import { canPublish, changed, moved, noteError, saveBodyOf, valuesErrors, valuesOf } from './report-values';
import { analysisTask, paperAnalysis, PERIOD, reportItem, stageReport } from './test-helpers';

const sources = import.meta.glob<string>(
  [
    '../../../../protocol/src/dto/analysis.rs',
    '../../../../protocol/src/dto/question.rs',
    '../../../../protocol/src/constants.rs',
    '../../../../protocol/src/dictionary.rs',
  ],
  { query: '?raw', import: 'default', eager: true },
);

function source(name: string): string {
  const text = Object.entries(sources).find(([path]) => path.endsWith(`/${name}`))?.[1];
  if (text === undefined) throw new Error(`protocol/src/${name} not found`);
  return text;
}

/** The number of the Rust constant `name` of dto::analysis. */
function rustNumber(name: string): number {
  return Number(new RegExp(`pub const ${name}: \\w+ = ([\\d.]+);`).exec(source('analysis.rs'))?.[1]);
}

/** The body of the Rust table `name` in `file`. */
function rustTable(file: string, name: string): string {
  return new RegExp(`pub const ${name}: [^=]+= \\[([^\\]]*)\\]`).exec(source(file))?.[1] ?? '';
}

/** The `(code, "name")` pairs of a Rust table, constants named in it resolved. */
function rustPairs(file: string, name: string): [number, string][] {
  return [...rustTable(file, name).matchAll(/\((\w+), "([^"]+)"/g)].map(([, code = '', text = '']) => [
    /^\d+$/.test(code) ? Number(code) : rustNumber(code),
    text,
  ]);
}

describe('the analysis tables', () => {
  it('match dto::analysis', () => {
    expect(POINT_LEVELS.map((l) => [l.code, l.name])).toEqual(rustPairs('analysis.rs', 'POINT_LEVELS'));
    expect(POINT_FAIR_RATE).toBe(rustNumber('POINT_FAIR_RATE'));
    expect(POINT_GOOD_RATE).toBe(rustNumber('POINT_GOOD_RATE'));
    expect([TEMPLATE_POINTS, TEMPLATE_WRONG, TEMPLATE_PAPER]).toEqual([
      rustNumber('TEMPLATE_POINTS'),
      rustNumber('TEMPLATE_WRONG'),
      rustNumber('TEMPLATE_PAPER'),
    ]);
    expect(REPORT_TEMPLATES.map((t) => [t.code, t.name])).toEqual(rustPairs('analysis.rs', 'REPORT_TEMPLATES'));
    expect([REPORT_DRAFT, REPORT_PUBLISHED]).toEqual([rustNumber('REPORT_DRAFT'), rustNumber('REPORT_PUBLISHED')]);
    expect(REPORT_STATUSES.map((s) => [s.code, s.name])).toEqual(rustPairs('analysis.rs', 'REPORT_STATUSES'));
    expect(MAX_REPORT_TITLE_CHARS).toBe(rustNumber('MAX_REPORT_TITLE_CHARS'));
    expect(MAX_REPORT_TEXT_CHARS).toBe(rustNumber('MAX_REPORT_TEXT_CHARS'));
    expect(MAX_REPORT_QUESTIONS).toBe(rustNumber('MAX_REPORT_QUESTIONS'));
    expect(MAX_REPORT_QUESTION_NOTE_CHARS).toBe(rustNumber('MAX_REPORT_QUESTION_NOTE_CHARS'));
    expect(MAX_ANALYSIS_DAYS).toBe(rustNumber('MAX_ANALYSIS_DAYS'));
  });

  it('match the subjects, the question types and the score bands', () => {
    const subjects = [...rustTable('constants.rs', 'SUBJECTS').matchAll(/code: (\d+), name: "([^"]+)"/g)].map(
      ([, code, name]) => [Number(code), name],
    );
    expect(SUBJECTS.map((s) => [s.code, s.name])).toEqual(subjects);
    expect(QUESTION_TYPES.map((t) => [t.code, t.name])).toEqual(rustPairs('question.rs', 'QUESTION_TYPES'));
    const band = /pub fn score_band[\s\S]*?\n}/.exec(source('dictionary.rs'))?.[0] ?? '';
    expect(
      [...band.matchAll(/p <= ([\d.]+) => (\d)/g)].map(([, limit, code]) => [Number(limit), Number(code)]),
    ).toEqual(SCORE_BAND_LIMITS.map((limit, i) => [limit, i]));
    expect([30, 30.1, 50, 60, 70, 70.1, 100].map(scoreBandOf)).toEqual([0, 1, 1, 2, 3, 4, 4]);
  });
});

describe('the analysis pages’ rules', () => {
  it('shows rates with one decimal, -1 as /, and marks', () => {
    expect([rateText(66.7), rateText(75), rateText(0), rateText(-1)]).toEqual(['66.7%', '75%', '0%', '/']);
    expect(markOf({ correct: true, studentAnswer: 'A' })).toBe('right');
    expect(markOf({ correct: false, studentAnswer: '' })).toBe('wrong');
    expect(markOf({ correct: null, studentAnswer: '解：' })).toBe('toMark');
    expect(markOf({ correct: null, studentAnswer: ' ' })).toBe('none');
    expect(trendPoints([analysisTask(3), analysisTask(8, { scoreRate: -1 })])).toEqual([
      { task: '03-03 导数练习3', scoreRate: 66.7, classRate: 72.5 },
      { task: '03-08 导数练习8', scoreRate: null, classRate: 72.5 },
    ]);
    expect(taskScore(analysisTask(3))).toBe('10/20');
    expect(taskScore(analysisTask(3, { scoreRate: -1 }))).toBe('-/20');
    expect(questionScore({ score: null, fullScore: 10 })).toBe('-/10');
    // 5 of 25 is 20 %: the lowest band; nothing marked has none.
    expect(studentBand(paperAnalysis())).toBe(0);
    expect(studentBand(paperAnalysis({ rank: 0 }))).toBeNull();
  });

  it('counts China days: 90 to today by default, at most 366', () => {
    // 2026-03-30 23:30 in Beijing is 15:30 UTC; 00:30 on the 31st is 16:30.
    expect(lastDays(Date.UTC(2026, 2, 30, 15, 30))).toEqual(['2025-12-31', '2026-03-30']);
    expect(lastDays(Date.UTC(2026, 2, 30, 16, 30), 30)).toEqual(['2026-03-02', '2026-03-31']);
    expect(periodOf(['2026-03-01', '2026-03-30'])).toEqual(PERIOD);
    expect(rangeOf(PERIOD.from, PERIOD.to)).toEqual(['2026-03-01', '2026-03-30']);
    expect(periodText(PERIOD.from, PERIOD.to)).toBe('2026-03-01 至 2026-03-30');
    expect(dayPeriod(Date.UTC(2026, 2, 3, 17))).toEqual(periodOf(['2026-03-04', '2026-03-04']));
    expect(periodError(['2025-03-31', '2026-03-31'])).toBeNull();
    expect(periodError(['2025-03-30', '2026-03-31'])).toBe('时间范围最长 366 天');
    expect(periodError(['2026-03-02', '2026-03-01'])).toBe('结束日期不能早于开始日期');
    expect(periodError(['', '2026-03-01'])).toBe('请选择开始和结束日期');
  });

  it('carries the search in the addresses', () => {
    const search = { subject: 54, range: ['2026-03-01', '2026-03-30'] as [string, string] };
    expect(analysisModulePath(11, search)).toBe(
      '/easyServer/analysisModule?studentId=11&subject=54&from=2026-03-01&to=2026-03-30',
    );
    expect(analysisModulePath()).toBe('/easyServer/analysisModule');
    expect(templateAnalysisPath(11, { ...search, subject: 0 }, 3)).toBe(
      '/easyServer/templateAnalysis?studentId=11&taskId=3&from=2026-03-01&to=2026-03-30',
    );
    expect(fullVolumePath(3, 11)).toBe('/easyServer/fullVolumeAnalysis?taskId=3&studentId=11');
    const now = Date.UTC(2026, 2, 30, 4);
    expect(searchOf(new URLSearchParams('subject=54&from=2026-03-01&to=2026-03-30'), now)).toEqual(search);
    expect(searchOf(new URLSearchParams('subject=99&from=2026-03-01&to=x'), now)).toEqual({
      subject: 0,
      range: lastDays(now),
    });
    expect(reportItemPath(reportItem(5))).toBe('/easyServer/reportingEdit?reportId=5');
    expect(reportItemPath(reportItem(5, { mine: false }))).toBe('/easyServer/reportingPreview?reportId=5');
    expect(reportItemPath(reportItem(5, { status: 2, mine: true }))).toBe('/easyServer/stageReportPreview?reportId=5');
  });

  it('saves the editor’s values over the version read, trimmed, and checks them as the server does', () => {
    const report = stageReport();
    const values = valuesOf(report);
    expect(changed(values, report)).toBe(false);
    const edited = {
      ...values,
      title: ' 三月错题复盘 ',
      summary: ' 进步明显 ',
      questions: moved(values.questions, 1, 0).map((q) => ({ ...q, note: ` ${q.note} ` })),
    };
    expect(changed(edited, report)).toBe(true);
    expect(saveBodyOf(report, edited)).toEqual({
      id: 5,
      title: '三月错题复盘',
      summary: '进步明显',
      comment: '',
      nextPlan: '',
      questions: [
        { questionId: 502, note: '注意审题' },
        { questionId: 501, note: '' },
      ],
      updatedAt: report.updatedAt,
    });
    expect(moved([1, 2, 3], 0, 5)).toEqual([1, 2, 3]);
    expect(valuesErrors({ ...values, title: '  ' })).toEqual({ title: '报告标题不能为空' });
    expect(valuesErrors({ ...values, comment: '评'.repeat(2001) })).toEqual({ comment: '老师评语最多 2000 字' });
    // Characters, not UTF-16 units: 60 of 𝑥 are 120 units.
    expect(valuesErrors({ ...values, title: '𝑥'.repeat(60) })).toEqual({});
    expect(noteError('好'.repeat(201))).toBe('题目点评最多 200 字');
    expect(canPublish({ summary: ' ', comment: '' })).toBe(false);
    expect(canPublish({ summary: '', comment: '继续加油' })).toBe(true);
  });
});
