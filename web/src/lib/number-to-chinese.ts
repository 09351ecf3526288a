// Number to Chinese numerals (spec 01 §5): 123 → 一百二十三, 10.5 → 十点五.

export const NUMBER_WRONG = 'Number is wrong!';

const DIGITS = '零一二三四五六七八九';
const SMALL_UNITS = ['', '十', '百', '千'];
const GROUP_UNITS = ['', '万', '亿', '万亿'];

function digit(d: number): string {
  return DIGITS.charAt(d);
}

/** 1..9999 without a leading zero. */
function convertGroup(n: number): string {
  let out = '';
  let zero = false;
  for (let pos = 3; pos >= 0; pos -= 1) {
    const d = Math.floor(n / 10 ** pos) % 10;
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) {
      out += '零';
      zero = false;
    }
    out += digit(d) + (SMALL_UNITS[pos] ?? '');
  }
  return out;
}

/** Converts a non-negative number (up to 16 integer digits); 'Number is wrong!' otherwise. */
export function numberToChinese(input: number | string | null | undefined): string {
  if (input === null || input === undefined) return NUMBER_WRONG;
  if (typeof input === 'number' && !Number.isFinite(input)) return NUMBER_WRONG;
  const text = String(input).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return NUMBER_WRONG;
  const [rawInt = '0', frac = ''] = text.split('.');
  const intPart = rawInt.replace(/^0+(?=\d)/, '');
  if (intPart.length > 16) return NUMBER_WRONG;

  let result = '';
  if (/^0+$/.test(intPart)) {
    result = '零';
  } else {
    const groups: number[] = [];
    for (let end = intPart.length; end > 0; end -= 4) {
      groups.unshift(Number(intPart.slice(Math.max(0, end - 4), end)));
    }
    let skippedZeroGroup = false;
    groups.forEach((group, i) => {
      const unit = GROUP_UNITS[groups.length - 1 - i] ?? '';
      if (group === 0) {
        if (result) skippedZeroGroup = true;
        return;
      }
      if (result && (group < 1000 || skippedZeroGroup)) result += '零';
      result += convertGroup(group) + unit;
      skippedZeroGroup = false;
    });
    if (intPart.length === 2 && result.startsWith('一十')) result = result.slice(1);
  }

  if (frac) result += '点' + Array.from(frac, (c) => digit(Number(c))).join('');
  return result;
}
