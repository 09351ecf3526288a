// What a usage-tracking event says about the user and the page (spec 01 §7 "Usage tracking";
// protocol/src/dto/tracking.rs). Pure functions.

import type { TrackEvent } from '@/generated/TrackEvent';
import type { UserInfo } from '@/generated/UserInfo';

/** The default page-view name and the default action (01 §7). */
export const TRACK_PAGE_VIEW = 'homePageView';
export const TRACK_EXPOSURE = 'exposure';
/** Event kinds: a page seen, an action taken. */
export const TRACK_KIND_PAGE = 'page';
export const TRACK_KIND_ACTION = 'action';
/** Actions counted as features in the platform-usage report. */
export const TRACK_FEATURE_COLLECTION = 'collection';
export const TRACK_FEATURE_AR = 'arCourseware';
/** The most events one `send/v2` carries. */
export const TRACK_BATCH_MAX = 200;
/** The school name reported for a user of more than two schools. */
export const TRACK_GROUP_SCHOOL = '集团';
/** Longest page URL, school names and ids the server keeps (characters). */
export const TRACK_TEXT_MAX = 500;
/** Longest name, role, province, external id and channel the server keeps (characters). */
export const TRACK_NAME_MAX = 100;

/** The entry channels this client reports. */
export const CHANNEL_WEB = 'web';
export const CHANNEL_DESKTOP = 'desktop';

/** Who and where, the same for every event of a page: everything but kind, name and time. */
export type TrackContext = Omit<TrackEvent, 'kind' | 'name' | 'time'>;

/** `text` cut to `max` characters (code points, as the server counts them). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

/** The school names reported: 集团 for a user of more than two schools (01 §7). */
export function schoolNamesOf(schools: readonly { name: string }[]): string {
  if (schools.length > 2) return TRACK_GROUP_SCHOOL;
  return schools.map((s) => s.name).join(',');
}

export interface ContextInput {
  user: UserInfo;
  role: string | null;
  pageUrl: string;
  loginTime: number | null;
  channel: string;
}

/** The event fields taken from the session's user and the page. */
export function buildContext({ user, role, pageUrl, loginTime, channel }: ContextInput): TrackContext {
  const context: TrackContext = {
    userName: clip(user.userName, TRACK_NAME_MAX),
    email: clip(user.userEmail, TRACK_NAME_MAX),
    schoolNames: clip(schoolNamesOf(user.schoolList), TRACK_TEXT_MAX),
    schoolIds: clip(user.schoolList.map((s) => String(s.id)).join(','), TRACK_TEXT_MAX),
    role: clip(role ?? '', TRACK_NAME_MAX),
    province: clip(user.selectedProvince.name, TRACK_NAME_MAX),
    pageUrl: clip(pageUrl, TRACK_TEXT_MAX),
    externalUserId: clip(user.e2uid, TRACK_NAME_MAX),
    channel: clip(channel, TRACK_NAME_MAX),
  };
  if (loginTime !== null && loginTime > 0) context.loginTime = loginTime;
  return context;
}
