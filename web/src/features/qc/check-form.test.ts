import { describe, expect, it } from 'vitest';
import {
  checkErrors,
  COMMENT_MAX_CHARS,
  DEFAULT_CHECK_RULE,
  initialCheckValues,
  QUALIFIED,
  strictestRule,
  toBatchResult,
  toSingleQc,
  UNQUALIFIED,
  withQuickComment,
} from './check-form';

const required = { commentRequiredWhenUnqualified: true };
const optional = { commentRequiredWhenUnqualified: false };

describe('checkErrors', () => {
  it('needs a result', () => {
    expect(checkErrors({ resultStatus: null, classicCase: false, comment: '' }, required)).toEqual({
      resultStatus: '请选择质检结果',
    });
  });

  it('needs a comment for 不合格 when the rule says so, spaces not counting', () => {
    const unqualified = { resultStatus: UNQUALIFIED, classicCase: false, comment: '   ' } as const;
    expect(checkErrors(unqualified, required)).toEqual({ comment: '不合格时请填写质检评语' });
    expect(checkErrors(unqualified, DEFAULT_CHECK_RULE)).toEqual({ comment: '不合格时请填写质检评语' });
    expect(checkErrors(unqualified, optional)).toEqual({});
    expect(checkErrors({ ...unqualified, comment: '内容过短' }, required)).toEqual({});
    expect(checkErrors({ resultStatus: QUALIFIED, classicCase: true, comment: '' }, required)).toEqual({});
  });

  it('refuses a comment that is too long', () => {
    const long = 'a'.repeat(COMMENT_MAX_CHARS + 1);
    expect(checkErrors({ resultStatus: QUALIFIED, classicCase: false, comment: long }, required)).toEqual({
      comment: '评语不能超过500字',
    });
  });
});

describe('check bodies', () => {
  it('start from the result a checked punch has', () => {
    expect(initialCheckValues({ resultStatus: 0, classicCase: false })).toEqual({
      resultStatus: null,
      classicCase: false,
      comment: '',
    });
    expect(initialCheckValues({ resultStatus: 2, classicCase: true })).toMatchObject({
      resultStatus: 2,
      classicCase: true,
    });
  });

  it('send trimmed comments', () => {
    expect(toSingleQc(7, { resultStatus: UNQUALIFIED, classicCase: true, comment: ' 未写反馈 ' })).toEqual({
      punchId: 7,
      resultStatus: 2,
      classicCase: true,
      comment: '未写反馈',
    });
    expect(toBatchResult([1, 2], { resultStatus: QUALIFIED, comment: '' })).toEqual({
      punchIds: [1, 2],
      resultStatus: 1,
      comment: '',
    });
  });

  it('add a quick comment alone, or after a separator', () => {
    expect(withQuickComment('', '内容完整')).toBe('内容完整');
    expect(withQuickComment('  ', '内容完整')).toBe('内容完整');
    expect(withQuickComment('字数不足', '请补充细节')).toBe('字数不足；请补充细节');
    expect(withQuickComment('字数不足。', '请补充细节')).toBe('字数不足。请补充细节');
    expect(withQuickComment('字数不足', '  ')).toBe('字数不足');
  });
});

describe('strictestRule', () => {
  it("asks for a comment when any school's rule does, or a rule is not read yet", () => {
    expect(strictestRule([optional, optional])).toEqual(optional);
    expect(strictestRule([optional, required])).toEqual(required);
    expect(strictestRule([optional, undefined])).toEqual(required);
    expect(strictestRule([])).toEqual(DEFAULT_CHECK_RULE);
  });
});
