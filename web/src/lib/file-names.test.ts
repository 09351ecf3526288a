import { describe, expect, it } from 'vitest';
import { downloadFileName, uploadFileName } from './file-names';

describe('file names', () => {
  it('replaces non-word characters of upload names and keeps 95 characters', () => {
    expect(uploadFileName('my file (1).pdf')).toBe('my_file__1_.pdf');
    const long = `${'a'.repeat(200)}.docx`;
    expect(uploadFileName(long)).toHaveLength(95);
    expect(uploadFileName(long).endsWith('.docx')).toBe(true);
  });
  it('names uploads as the server does', () => {
    expect(uploadFileName('第一讲 函数.docx')).toBe('第一讲_函数.docx');
    expect(uploadFileName('../../etc/passwd')).toBe('______etc_passwd');
    expect(uploadFileName('  讲义（终版）.PDF ')).toBe('讲义_终版_.PDF');
    expect(uploadFileName('a.b.c.pdf')).toBe('a_b_c.pdf');
    expect(uploadFileName('noext')).toBe('noext');
    expect(uploadFileName('weird.p-df')).toBe('weird_p_df');
    // Counted in characters, not UTF-16 units: 200 CJK characters and a 4-byte emoji.
    const cjk = uploadFileName(`${'数'.repeat(200)}.pptx`);
    expect(Array.from(cjk)).toHaveLength(95);
    expect(cjk.endsWith('.pptx')).toBe(true);
    expect(uploadFileName('😀 1.png')).toBe('__1.png');
  });
  it('cuts download names to 100 characters without spaces or punctuation', () => {
    expect(downloadFileName(' 期中 试卷（A卷）,final ')).toBe('期中试卷_A卷__final');
    expect(downloadFileName('x'.repeat(150))).toHaveLength(100);
    // As the server's rule: the extension is kept through the cut, and '-' is no punctuation.
    expect(downloadFileName(`${'讲'.repeat(120)}.docx`)).toBe(`${'讲'.repeat(95)}.docx`);
    expect(downloadFileName('期中-复习 资料.xlsx')).toBe('期中-复习资料.xlsx');
  });
});
