import { describe, expect, it } from 'vitest';
import { render } from '@/testing/test-utils';
import { MathText } from './math-text';

describe('MathText', () => {
  it('renders $…$ and \\(…\\) formulas with KaTeX between plain text', () => {
    const { container } = render(<MathText text="已知 $x^2+1$ 与 \(\sqrt{2}\) 的和" />);
    const formulas = container.querySelectorAll('.math-inline');
    expect(formulas).toHaveLength(2);
    expect(formulas[0]?.querySelector('.katex')).not.toBeNull();
    expect(formulas[0]).toHaveAttribute('data-latex', 'x^2+1');
    expect(formulas[1]).toHaveAttribute('data-latex', '\\sqrt{2}');
    expect(container.textContent).toContain('已知 ');
    expect(container.textContent).toContain(' 的和');
    expect(container.textContent).not.toContain('$');
  });

  it('escapes the text between formulas (markup stays text)', () => {
    const { container } = render(<MathText text={'<img src=x onerror="alert(1)"> 与 $a<b$'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(container.querySelector('.katex')).not.toBeNull();
  });

  it('marks the searched words in the text, never inside a formula', () => {
    const { container } = render(<MathText text="函数 $f(x)$ 是增函数" terms={['函数', 'f']} />);
    const marks = [...container.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['函数', '函数']);
  });

  it('shows a formula KaTeX cannot read as its source', () => {
    const { container } = render(<MathText text="坏公式 $\frac{1}{$ 后文" />);
    expect(container.querySelector('.katex-error')).not.toBeNull();
    expect(container.textContent).toContain('后文');
  });

  it('draws the element asked for', () => {
    const { container } = render(<MathText component="p" text="段落" />);
    expect(container.querySelector('p')).toHaveTextContent('段落');
  });
});
