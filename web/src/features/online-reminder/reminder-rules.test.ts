import { describe, expect, it } from 'vitest';
import { userInfo } from '@/testing/fixtures';
import {
  emailsError,
  isReminderEditor,
  MAX_WHITELIST_BATCH,
  minutesError,
  parseEmails,
  parseOnlineReminder,
  reminderTypeOf,
} from './reminder-rules';

const holding = (...codes: string[]) =>
  userInfo({ roleList: codes.map((code, i) => ({ code, name: code, current: i === 0, icon: '' })) });

describe('reminder rules', () => {
  it('takes whole minutes from 1 to 120', () => {
    expect(minutesError(1)).toBeNull();
    expect(minutesError(120)).toBeNull();
    for (const bad of [0, 121, 2.5, -3, '', '12']) expect(minutesError(bad)).toBe('请输入 1–120 之间的整数');
  });

  it('reads the kind of a link', () => {
    expect(reminderTypeOf('3')).toBe(3);
    for (const bad of [undefined, '', '0', '-1', '2.5', 'abc', '3x']) expect(reminderTypeOf(bad)).toBeNull();
  });

  it('splits e-mails by lines, commas, semicolons and spaces, lower case, each once', () => {
    expect(parseEmails(' A@x.cn,b@x.cn;c@x.cn；d@x.cn，e@x.cn、f@x.cn\n\tg@x.cn  a@x.cn ')).toEqual([
      'a@x.cn',
      'b@x.cn',
      'c@x.cn',
      'd@x.cn',
      'e@x.cn',
      'f@x.cn',
      'g@x.cn',
    ]);
    expect(parseEmails(' \n ,')).toEqual([]);
  });

  it('sends 1 to 200 e-mails at once', () => {
    expect(emailsError([])).toBe('请输入员工邮箱');
    expect(emailsError(['a@x.cn'])).toBeNull();
    const many = Array.from({ length: MAX_WHITELIST_BATCH + 1 }, (_, i) => `u${i}@x.cn`);
    expect(emailsError(many.slice(1))).toBeNull();
    expect(emailsError(many)).toBe('一次最多添加 200 个邮箱，当前 201 个');
  });

  it('lets administrators and operators edit, whichever of their roles is current', () => {
    expect(isReminderEditor(null)).toBe(false);
    expect(isReminderEditor(holding('teacher'))).toBe(false);
    expect(isReminderEditor(holding('school_manager', 'area_manager'))).toBe(false);
    expect(isReminderEditor(holding('admin'))).toBe(true);
    expect(isReminderEditor(holding('teacher', 'operator'))).toBe(true);
  });

  it("reads a push's reminder, and nothing from another value", () => {
    const value = {
      reminderType: 3,
      reminderName: '学员未到课提醒',
      lessonId: 42,
      className: '三年级数学A班',
      lessonNo: 3,
      lessonName: '分数的认识',
      startAt: 1,
      text: '仍有学员未到课',
      students: ['小明', 7, '小红'],
    };
    expect(parseOnlineReminder(value)).toEqual({ ...value, students: ['小明', '小红'] });
    expect(parseOnlineReminder({ reminderType: 1, lessonId: 42, text: '将于 19:00 开课' })).toEqual({
      reminderType: 1,
      reminderName: '',
      lessonId: 42,
      className: '',
      lessonNo: 0,
      lessonName: '',
      startAt: 0,
      text: '将于 19:00 开课',
      students: [],
    });
    for (const bad of [null, 'text', [], { lessonId: 42, text: 'x' }, { reminderType: 1, lessonId: '42', text: 'x' }]) {
      expect(parseOnlineReminder(bad)).toBeNull();
    }
  });
});
