// The notice state (spec 01 §3 "Notice store"): the unread list and the notice shown in the dialog.

import { createStore } from '@/lib/store';
import type { Notice } from '@/lib/wire-types';
import {
  closePopupNotice,
  getLatestPopupNotice,
  getNoticeDetail,
  getUnreadNotices,
  markNoticeRead,
} from './api/notices';

export interface NoticeState {
  unread: Notice[];
  /** The notice shown in the dialog. */
  current: Notice | null;
}

export const noticeStore = createStore<NoticeState>({ unread: [], current: null });

let generation = 0;

/** Reloads the unread list (the latest call wins). */
export async function refreshNotices(): Promise<void> {
  const mine = ++generation;
  try {
    const unread = await getUnreadNotices();
    if (mine === generation) noticeStore.set((s) => ({ ...s, unread: Array.isArray(unread) ? unread : [] }));
  } catch {
    // quiet: the bell keeps its last list
  }
}

/** Opens the dialog with the notice `id` (fetching its detail) and marks it read. */
export async function showNotice(id: Notice['id'], { markRead = true } = {}): Promise<void> {
  try {
    const notice = await getNoticeDetail(id);
    noticeStore.set((s) => ({ ...s, current: notice }));
    if (markRead && !notice.read) {
      await markNoticeRead(id).catch(() => undefined);
      noticeStore.set((s) => (s.current?.id === notice.id ? { ...s, current: { ...notice, read: true } } : s));
      void refreshNotices();
    }
  } catch {
    // the API client has shown the error
  }
}

/** Shows the newest popup notice the user has not closed yet (on page load). */
export async function showLatestPopup(): Promise<void> {
  try {
    const notice = await getLatestPopupNotice();
    if (notice && !noticeStore.get().current) noticeStore.set((s) => ({ ...s, current: notice }));
  } catch {
    // quiet
  }
}

/** Closes the dialog: the popup is recorded as closed and read on the server. */
export function closeNotice(): void {
  const current = noticeStore.get().current;
  noticeStore.set((s) => ({ ...s, current: null }));
  if (current) {
    void closePopupNotice(current.id)
      .catch(() => undefined)
      .then(() => refreshNotices());
  }
}

/** Drops the shown notice without marking it read (it was withdrawn). */
function dropNotice(): void {
  noticeStore.set((s) => ({ ...s, current: null }));
}

/** A withdrawn notice (backstage_003): clears the shown one if the id matches or is -1. */
export function withdrawNotice(id: Notice['id'] | null | undefined): void {
  const current = noticeStore.get().current;
  if (current && (String(id) === '-1' || String(id) === String(current.id))) dropNotice();
}
