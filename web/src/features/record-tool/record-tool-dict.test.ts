// The hand-copied tables and limits against the protocol crate's source, so that neither side
// drifts alone; and the record tools' rules that need no server.

import { describe, expect, it } from 'vitest';
import {
  MAX_DIMENSION_SCORE,
  MAX_LAYOUT_DIMENSIONS,
  MAX_VISIT_NOTE_CHARS,
  MAX_VISIT_NOTES,
  MAX_VISIT_STUDENT_NOTE_CHARS,
  MAX_VISIT_SUMMARY_CHARS,
  VISIT_ATTENTION,
  VISIT_STATUSES,
} from './record-tool-dict';
import { finishedVisit, visitDetail, visitLesson } from './test-helpers';
import { chinaDay, lastThirtyDays, minuteOfLesson, scanCodeOf, shiftDay } from './visit-rules';
import { defaultVisitFilters, periodError, toVisitListRequest } from './visit-search';
import { saveBodyOf, sheetValuesOf } from './visit-sheet-values';

const sources = import.meta.glob<string>(
  ['../../../../protocol/src/dictionary.rs', '../../../../protocol/src/dto/record_tool.rs'],
  { query: '?raw', import: 'default', eager: true },
);

function source(name: string): string {
  const text = Object.entries(sources).find(([path]) => path.endsWith(`/${name}`))?.[1];
  if (text === undefined) throw new Error(`protocol/src/${name} not found`);
  return text;
}

/** The `(code, "name")` pairs of the Rust table `name`. */
function rustTable(name: string): string {
  return new RegExp(`pub const ${name}: [^=]+= \\[([^\\]]*)\\]`).exec(source('dictionary.rs'))?.[1] ?? '';
}

/** The number of the Rust constant `name` of dto::record_tool. */
function rustLimit(name: string): number {
  return Number(new RegExp(`pub const ${name}: \\w+ = (\\d+);`).exec(source('record_tool.rs'))?.[1]);
}

const asRust = (choices: readonly { value: string; label: string }[]) =>
  choices.map((c) => `(${c.value}, "${c.label}")`).join(', ');

describe('the lesson visits’ tables', () => {
  it('match protocol::dictionary and dto::record_tool', () => {
    expect(asRust(VISIT_STATUSES)).toBe(rustTable('VISIT_STATUSES'));
    expect(asRust(VISIT_ATTENTION)).toBe(rustTable('VISIT_ATTENTION'));
    expect(MAX_VISIT_NOTE_CHARS).toBe(rustLimit('MAX_VISIT_NOTE_CHARS'));
    expect(MAX_VISIT_NOTES).toBe(rustLimit('MAX_VISIT_NOTES'));
    expect(MAX_VISIT_SUMMARY_CHARS).toBe(rustLimit('MAX_VISIT_SUMMARY_CHARS'));
    expect(MAX_VISIT_STUDENT_NOTE_CHARS).toBe(rustLimit('MAX_VISIT_STUDENT_NOTE_CHARS'));
    expect(MAX_LAYOUT_DIMENSIONS).toBe(rustLimit('MAX_LAYOUT_DIMENSIONS'));
    expect(MAX_DIMENSION_SCORE).toBe(rustLimit('MAX_DIMENSION_SCORE'));
  });
});

describe('the record tools’ rules', () => {
  it('finds the code in a scanned or pasted link, path or bare code', () => {
    expect(scanCodeOf('https://hub.example.cn/recordTool/recordScan?code=Ab3_x-9')).toBe('Ab3_x-9');
    expect(scanCodeOf('  /recordTool/recordScan?from=qr&code=K%2B1#top ')).toBe('K+1');
    expect(scanCodeOf('Zq81Lm')).toBe('Zq81Lm');
    expect(scanCodeOf('https://hub.example.cn/recordTool/recordScan')).toBeNull();
    expect(scanCodeOf('/recordTool/recordScan?code=')).toBeNull();
    expect(scanCodeOf('two words')).toBeNull();
    expect(scanCodeOf('   ')).toBeNull();
  });

  it('counts days in China time', () => {
    // 2026-03-01 23:30 in Beijing is 15:30 UTC.
    expect(chinaDay(Date.UTC(2026, 2, 1, 15, 30))).toBe('2026-03-01');
    expect(chinaDay(Date.UTC(2026, 2, 1, 16, 30))).toBe('2026-03-02');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(lastThirtyDays(Date.UTC(2026, 2, 1, 16, 30))).toEqual(['2026-02-01', '2026-03-02']);
  });

  it('starts a note at the minute the lesson has reached, within the lesson', () => {
    const lesson = visitLesson();
    expect(minuteOfLesson(lesson, lesson.startTime + 25 * 60_000 + 59_000)).toBe(25);
    expect(minuteOfLesson(lesson, lesson.startTime - 10 * 60_000)).toBe(0);
    expect(minuteOfLesson(lesson, lesson.endTime + 3_600_000)).toBe(120);
  });

  it('sends a sheet with the scores given, the notes in the order of their minutes, trimmed', () => {
    const values = sheetValuesOf(finishedVisit());
    values.scores[1] = '';
    values.notes.unshift({ uid: 'x', minute: 20, text: ' 板书清晰 ' });
    values.summary = ' 好 ';
    const body = saveBodyOf(visitDetail(), values);
    expect(body.scores).toEqual([
      { key: 'goals', score: 18 },
      { key: 'content' },
      { key: 'method', score: 16 },
      { key: 'interaction', score: 15 },
      { key: 'management', score: 14 },
    ]);
    expect(body.notes).toEqual([
      { minute: 3, text: '导入：复习上节课内容' },
      { minute: 20, text: '板书清晰' },
      { minute: 40, text: '小组讨论，气氛活跃' },
    ]);
    expect(body.summary).toBe('好');
  });

  it('searches the visits of a period of at most 366 days', () => {
    const filters = defaultVisitFilters(Date.UTC(2026, 2, 1, 16, 30));
    expect(toVisitListRequest(filters)).toEqual({ from: '2026-02-01', to: '2026-03-02', pageNo: 1, pageSize: 20 });
    expect(toVisitListRequest({ ...filters, status: '1', mine: true, keyword: ' 张 ' }, 2)).toEqual({
      from: '2026-02-01',
      to: '2026-03-02',
      status: 1,
      mine: true,
      keyword: '张',
      pageNo: 2,
      pageSize: 20,
    });
    expect(periodError({ ...filters, range: ['2025-01-01', '2026-01-01'] })).toBeNull();
    expect(periodError({ ...filters, range: ['2025-01-01', '2026-01-02'] })).toBe('日期范围不能超过 366 天');
    expect(periodError({ ...filters, range: ['2026-03-02', '2026-03-01'] })).toBe('结束日期不能早于开始日期');
    expect(periodError({ ...filters, range: null })).toBe('请选择开始和结束日期');
  });
});
