import { describe, expect, it } from 'vitest';
import { checkPublish, defaultDraft, fromLocalInput, toLocalInput } from './publish-form';

describe('the publish form', () => {
  const now = new Date(2026, 10, 24, 9, 30, 42).getTime();

  it('starts this minute for two hours out of 100', () => {
    expect(defaultDraft(now)).toEqual({
      examName: '',
      start: '2026-11-24T09:30',
      end: '2026-11-24T11:30',
      fullScore: 100,
    });
  });

  it('reads the times in local time', () => {
    expect(fromLocalInput('2026-11-24T09:30')).toBe(new Date(2026, 10, 24, 9, 30).getTime());
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2026-11-24')).toBeNull();
    expect(toLocalInput(new Date(2026, 0, 5, 7, 3).getTime())).toBe('2026-01-05T07:03');
  });

  it('makes the request of a filled form', () => {
    expect(checkPublish({ ...defaultDraft(now), examName: ' 单元测验 ', fullScore: 150 })).toEqual({
      ok: true,
      request: {
        examName: '单元测验',
        startTime: new Date(2026, 10, 24, 9, 30).getTime(),
        endTime: new Date(2026, 10, 24, 11, 30).getTime(),
        fullScore: 150,
      },
    });
  });

  it('says what is wrong, field by field, as the server would', () => {
    expect(checkPublish({ examName: ' ', start: '', end: '', fullScore: '' })).toEqual({
      ok: false,
      errors: {
        examName: '请输入考试名称',
        start: '请选择开始时间',
        end: '请选择结束时间',
        fullScore: '满分需在1到1000之间',
      },
    });
    const draft = { ...defaultDraft(now), examName: '测' };
    expect(checkPublish({ ...draft, end: draft.start })).toEqual({
      ok: false,
      errors: { end: '结束时间需晚于开始时间' },
    });
    expect(checkPublish({ ...draft, end: '2026-12-26T09:30' })).toEqual({
      ok: false,
      errors: { end: '考试时长不能超过31天' },
    });
    expect(checkPublish({ ...draft, fullScore: 1001 })).toEqual({
      ok: false,
      errors: { fullScore: '满分需在1到1000之间' },
    });
    expect(checkPublish({ ...draft, examName: '考'.repeat(51) })).toEqual({
      ok: false,
      errors: { examName: '考试名称不能超过50个字符' },
    });
  });
});
