// Test helpers of the online-lesson reminders: the server's settings and whitelist rows, the
// users who edit and who only read, and a mocked server answering the reminder calls.

import type { OnlineReminderSetting } from '@/generated/OnlineReminderSetting';
import type { OnlineWhitelistRow } from '@/generated/OnlineWhitelistRow';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, type FetchMock, jsonBody, mockFetch } from '@/testing/test-utils';

export const SETTINGS_PATH = '/api/onlineReminder/settings';
export const SAVE_PATH = '/api/onlineReminder/settings/save';
export const LIST_PATH = '/api/onlineReminder/whitelist/list';
export const ADD_PATH = '/api/onlineReminder/whitelist/add';
export const REMOVE_PATH = '/api/onlineReminder/whitelist/remove';

/** The three kinds as the server seeds them, never changed, with a few on kind 3's whitelist. */
export function settings(): OnlineReminderSetting[] {
  return [
    {
      reminderType: 1,
      name: '开课提醒',
      description: '开课前 10 分钟提醒老师准备上课',
      enabled: true,
      minutes: 10,
      whitelistCount: 0,
      updatedBy: '',
      updatedAt: 0,
    },
    {
      reminderType: 2,
      name: '老师未进教室提醒',
      description: '开课后 5 分钟主讲老师仍未进入教室时提醒',
      enabled: true,
      minutes: 5,
      whitelistCount: 1,
      updatedBy: '陈运营',
      updatedAt: new Date(2026, 2, 2, 9, 30).getTime(),
    },
    {
      reminderType: 3,
      name: '学员未到课提醒',
      description: '开课后 10 分钟仍有学员未进入教室时提醒辅导老师',
      enabled: false,
      minutes: 10,
      whitelistCount: 2,
      updatedBy: '',
      updatedAt: 0,
    },
  ];
}

export function whitelistRow(userId: number, name: string, email: string): OnlineWhitelistRow {
  return { userId, name, email, addedBy: '陈运营', addedAt: new Date(2026, 2, 1, 8, 0).getTime() };
}

export const WHITELIST = [
  whitelistRow(11, '张老师', 'zhang@demo.eduhub'),
  whitelistRow(12, '李辅导', 'li@demo.eduhub'),
];

type Respond = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/** `routes` first, then the settings and kind 3's whitelist as seeded. */
export function reminderServer(routes: [method: string, path: string, respond: Respond][] = []): FetchMock {
  return mockFetch([
    ...routes,
    ['GET', SETTINGS_PATH, () => envelope(settings())],
    ['POST', LIST_PATH, (_url, init) => envelope(jsonBody(init).reminderType === 3 ? WHITELIST : [])],
  ]);
}

/** The JSON bodies of the calls to exactly `path`, in order. */
export function bodies<T = Record<string, unknown>>(fetch: FetchMock, path: string): T[] {
  return fetch.mock.calls.filter(([u]) => u.split('?')[0] === path).map(([, init]) => jsonBody(init) as T);
}

/** Signs in a user holding `role` (operators and administrators edit; managers read). */
export function signInAs(role: string): void {
  sessionStore.set((s) => ({
    ...s,
    user: userInfo({ userName: '测试用户', roleList: [{ code: role, name: role, current: true, icon: '' }] }),
  }));
}

export function signOut(): void {
  sessionStore.set((s) => ({ ...s, user: null }));
}
