import { describe, expect, it } from 'vitest';
import {
  fontFamilyError,
  fontSizeError,
  headerFieldError,
  lineHeightError,
  paperContentStyle,
  paperTitleError,
} from './paper-rules';

describe('paper rules (as the server checks them)', () => {
  it('takes titles of 1 to 100 characters after trimming', () => {
    expect(paperTitleError('  ')).toBe('讲义标题需为1到100个字符');
    expect(paperTitleError('导'.repeat(100))).toBeNull();
    expect(paperTitleError('导'.repeat(101))).toBe('讲义标题需为1到100个字符');
  });

  it('limits header fields in characters', () => {
    expect(headerFieldError('title', '题'.repeat(100))).toBeNull();
    expect(headerFieldError('title', '题'.repeat(101))).toBe('标题最多100个字符');
    expect(headerFieldError('teacherName', '名'.repeat(51))).toBe('教师最多50个字符');
    expect(headerFieldError('lessonDate', '1'.repeat(31))).toBe('日期最多30个字符');
  });

  it('takes the six fonts, whole sizes 10–32 and line heights 1–3', () => {
    expect(fontFamilyError('KaiTi')).toBeNull();
    expect(fontFamilyError('Comic Sans')).toBe('请选择字体');
    expect(fontSizeError(10)).toBeNull();
    expect(fontSizeError(32)).toBeNull();
    expect(fontSizeError(33)).toBe('字号需在10到32之间');
    expect(fontSizeError(12.5)).toBe('请输入整数字号');
    expect(fontSizeError('')).toBe('请输入整数字号');
    expect(lineHeightError(1)).toBeNull();
    expect(lineHeightError(3)).toBeNull();
    expect(lineHeightError(0.5)).toBe('行距需在1到3之间');
    expect(lineHeightError('')).toBe('行距需在1到3之间');
  });

  it('styles the editing area with the font and a generic fallback', () => {
    expect(paperContentStyle({ fontFamily: 'SimSun', fontSize: 18, lineHeight: 2 })).toEqual({
      fontFamily: '"SimSun", serif',
      fontSize: '18px',
      lineHeight: 2,
    });
  });
});
