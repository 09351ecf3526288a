import { describe, expect, it } from 'vitest';
import { highlightParts, plainOfMath, renderLatex, splitMath } from './math-text';

describe('splitMath', () => {
  it('splits text and $…$ and \\(…\\) formulas in order', () => {
    expect(splitMath('已知 $x^2=4$，求 \\(x\\) 的值')).toEqual([
      { kind: 'text', text: '已知 ' },
      { kind: 'math', latex: 'x^2=4' },
      { kind: 'text', text: '，求 ' },
      { kind: 'math', latex: 'x' },
      { kind: 'text', text: ' 的值' },
    ]);
  });

  it('keeps a lone, empty or unclosed delimiter as text, as the server does', () => {
    expect(splitMath('价格 $5')).toEqual([{ kind: 'text', text: '价格 $5' }]);
    expect(splitMath('$$x$$')).toEqual([
      { kind: 'text', text: '$' },
      { kind: 'math', latex: 'x' },
      { kind: 'text', text: '$' },
    ]);
    expect(splitMath('\\(a')).toEqual([{ kind: 'text', text: '\\(a' }]);
    expect(splitMath('')).toEqual([]);
  });

  it('takes the earliest delimiter first', () => {
    expect(splitMath('\\(a$b\\) $c$')).toEqual([
      { kind: 'math', latex: 'a$b' },
      { kind: 'text', text: ' ' },
      { kind: 'math', latex: 'c' },
    ]);
  });
});

describe('highlightParts', () => {
  it('marks every searched word, case-insensitively, the longer word first', () => {
    expect(highlightParts('函数的单调性与函数图像', ['函数', '单调性'])).toEqual([
      { text: '函数', hit: true },
      { text: '的', hit: false },
      { text: '单调性', hit: true },
      { text: '与', hit: false },
      { text: '函数', hit: true },
      { text: '图像', hit: false },
    ]);
    expect(highlightParts('Sin and SIN', ['sin'])).toEqual([
      { text: 'Sin', hit: true },
      { text: ' and ', hit: false },
      { text: 'SIN', hit: true },
    ]);
    expect(highlightParts('导数的概念', ['导数', '导数的概念'])).toEqual([{ text: '导数的概念', hit: true }]);
  });

  it('treats words as text, not patterns, and leaves text without words alone', () => {
    expect(highlightParts('a+b (c)', ['+', '(c)'])).toEqual([
      { text: 'a', hit: false },
      { text: '+', hit: true },
      { text: 'b ', hit: false },
      { text: '(c)', hit: true },
    ]);
    expect(highlightParts('题干', [])).toEqual([{ text: '题干', hit: false }]);
    expect(highlightParts('题干', ['  '])).toEqual([{ text: '题干', hit: false }]);
  });
});

describe('renderLatex', () => {
  it('renders KaTeX HTML and shows a broken formula as its source without throwing', () => {
    expect(renderLatex('\\frac{1}{2}')).toContain('class="katex"');
    const broken = renderLatex('\\frac{1}{');
    expect(broken).toContain('katex-error');
    expect(broken).toContain('\\frac{1}{');
  });

  it('plainOfMath drops the delimiters', () => {
    expect(plainOfMath('设 $x>0$，则')).toBe('设 x>0，则');
  });
});
