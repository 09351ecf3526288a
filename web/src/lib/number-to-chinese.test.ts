import { describe, expect, it } from 'vitest';
import { NUMBER_WRONG, numberToChinese } from './number-to-chinese';

describe('numberToChinese', () => {
  it.each([
    [0, '零'],
    [7, '七'],
    [10, '十'],
    [15, '十五'],
    [20, '二十'],
    [101, '一百零一'],
    [110, '一百一十'],
    [1001, '一千零一'],
    [1234, '一千二百三十四'],
    [10000, '一万'],
    [10010, '一万零一十'],
    [100001234, '一亿零一千二百三十四'],
    [120000000, '一亿二千万'],
    ['3.14', '三点一四'],
    [10.5, '十点五'],
  ])('%s → %s', (input, expected) => expect(numberToChinese(input)).toBe(expected));

  it('rejects invalid input', () => {
    expect(numberToChinese('abc')).toBe(NUMBER_WRONG);
    expect(numberToChinese(-1)).toBe(NUMBER_WRONG);
    expect(numberToChinese(Number.NaN)).toBe(NUMBER_WRONG);
    expect(numberToChinese(null)).toBe(NUMBER_WRONG);
    expect(numberToChinese('12345678901234567')).toBe(NUMBER_WRONG);
    expect(NUMBER_WRONG).toBe('Number is wrong!');
  });
});
