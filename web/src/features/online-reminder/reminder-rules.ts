// The rules of the online-lesson reminders the pages apply before the server does: the minutes a
// kind takes, the e-mails one addition takes, which kind a link names, who edits, and what a
// `magic_online_reminder` push carries. Pure.

import type { OnlineReminder } from '@/generated/OnlineReminder';
import type { UserInfo } from '@/generated/UserInfo';

/** The fewest and most minutes a reminder kind takes (protocol `online_reminder::REMINDER_MINUTES`). */
export const REMINDER_MINUTES = [1, 120] as const;

/** The most e-mails one whitelist addition takes (protocol `online_reminder::MAX_WHITELIST_BATCH`). */
export const MAX_WHITELIST_BATCH = 200;

/** 学员未到课提醒 (`dictionary::ONLINE_REMINDER_TYPES`): the only kind that names students. */
export const STUDENTS_NOT_ARRIVED = 3;

/**
 * The roles that change the settings and whitelists (api `handlers::qc::INSPECTORS`). The server
 * checks the roles the account holds, whichever is current, so the page does too.
 */
export const REMINDER_EDITOR_ROLES: readonly string[] = ['admin', 'operator'];

/** Whether the user may change the settings and whitelists; only shows or hides controls. */
export function isReminderEditor(user: UserInfo | null): boolean {
  return !!user && user.roleList.some((r) => REMINDER_EDITOR_ROLES.includes(r.code));
}

/** Why `minutes` cannot be saved, or null. */
export function minutesError(minutes: number | string): string | null {
  const [least, most] = REMINDER_MINUTES;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < least || minutes > most) {
    return `请输入 ${least}–${most} 之间的整数`;
  }
  return null;
}

/** The kind a link's `:reminderType` names, null when it is no positive whole number. */
export function reminderTypeOf(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const kind = Number(param);
  return Number.isSafeInteger(kind) && kind > 0 ? kind : null;
}

/**
 * The e-mails typed into the box: one per line or separated by commas, semicolons, spaces or
 * their full-width forms; lower case (as the server compares them), each once, in order.
 */
export function parseEmails(text: string): string[] {
  const emails = text
    .split(/[\s,;，；、]+/)
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');
  return [...new Set(emails)];
}

/** Why these e-mails cannot be sent, or null. */
export function emailsError(emails: readonly string[]): string | null {
  if (emails.length === 0) return '请输入员工邮箱';
  if (emails.length > MAX_WHITELIST_BATCH)
    return `一次最多添加 ${MAX_WHITELIST_BATCH} 个邮箱，当前 ${emails.length} 个`;
  return null;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';

/** The reminder a push's `value` carries, null when it is not one (a push is checked before use). */
export function parseOnlineReminder(value: unknown): OnlineReminder | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isNumber(v.reminderType) || !isNumber(v.lessonId) || !isString(v.text)) return null;
  return {
    reminderType: v.reminderType,
    reminderName: isString(v.reminderName) ? v.reminderName : '',
    lessonId: v.lessonId,
    className: isString(v.className) ? v.className : '',
    lessonNo: isNumber(v.lessonNo) ? v.lessonNo : 0,
    lessonName: isString(v.lessonName) ? v.lessonName : '',
    startAt: isNumber(v.startAt) ? v.startAt : 0,
    text: v.text,
    students: Array.isArray(v.students) ? v.students.filter(isString) : [],
  };
}
