import { describe, expect, it } from 'vitest';
import { downloadFileName, uploadFileName } from './file-names';

describe('file names', () => {
  it('replaces non-word characters of upload names and keeps 95 characters', () => {
    expect(uploadFileName('my file (1).pdf')).toBe('my_file__1_.pdf');
    const long = `${'a'.repeat(200)}.docx`;
    expect(uploadFileName(long)).toHaveLength(95);
    expect(uploadFileName(long).endsWith('.docx')).toBe(true);
  });
  it('cuts download names to 100 characters without spaces or punctuation', () => {
    expect(downloadFileName(' 期中 试卷（A卷）,final ')).toBe('期中试卷_A卷__final');
    expect(downloadFileName('x'.repeat(150))).toHaveLength(100);
  });
});
