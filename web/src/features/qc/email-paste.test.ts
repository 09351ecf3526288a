import { describe, expect, it } from 'vitest';
import { MAX_PASTED_EMAILS, parsePastedEmails, pastedEmailsError } from './email-paste';

describe('parsePastedEmails', () => {
  it('takes one per line or separated by commas, semicolons, spaces and their full-width forms', () => {
    const text = ' a@demo.eduhub\nB@Demo.Eduhub, c@x.cn；d@x.cn，e@x.cn;f@x.cn\t g@x.cn、h@x.cn\r\n\n';
    expect(parsePastedEmails(text)).toEqual({
      emails: ['a@demo.eduhub', 'b@demo.eduhub', 'c@x.cn', 'd@x.cn', 'e@x.cn', 'f@x.cn', 'g@x.cn', 'h@x.cn'],
      invalid: [],
    });
  });

  it('counts a repeated address once, in the order first pasted', () => {
    expect(parsePastedEmails('a@x.cn\nb@x.cn\nA@X.CN').emails).toEqual(['a@x.cn', 'b@x.cn']);
  });

  it('takes the address of "name <address>" as copied from a mail client', () => {
    expect(parsePastedEmails('张三 <zhang@x.cn>; a@x.cn 李四<li@x.cn>\nwang\nZhang San <z@x.cn>')).toEqual({
      emails: ['zhang@x.cn', 'a@x.cn', 'li@x.cn', 'z@x.cn'],
      invalid: ['wang'],
    });
  });

  it('keeps the pieces that are no address, as pasted', () => {
    expect(parsePastedEmails('a@x.cn, wang, b@x, @x.cn')).toEqual({
      emails: ['a@x.cn'],
      invalid: ['wang', 'b@x', '@x.cn'],
    });
  });
});

describe('pastedEmailsError', () => {
  it('refuses nothing, something that is no address, and more than the server looks up at once', () => {
    expect(pastedEmailsError(parsePastedEmails(' \n '))).toBe('请粘贴邮箱，每行一个或用逗号分隔');
    expect(pastedEmailsError(parsePastedEmails('a@x.cn wang'))).toBe('以下内容不是邮箱：wang');
    const many = Array.from({ length: MAX_PASTED_EMAILS + 1 }, (_, i) => `u${i}@x.cn`).join('\n');
    expect(pastedEmailsError(parsePastedEmails(many))).toBe(`一次最多500个邮箱，当前501个`);
    expect(pastedEmailsError(parsePastedEmails('a@x.cn'))).toBeNull();
  });
});
