// The notice dialog (spec 01 §3 "Notice store"): which notice is shown is client state; the
// notices themselves are read through the query cache.

import type { QueryClient } from '@tanstack/react-query';
import type { Notice } from '@/generated/Notice';
import { createStore } from '@/lib/store';
import { latestPopupQueryOptions, noticeDetailQueryOptions } from './api/get-notice';
import { closePopupNotice, markNoticeRead, refreshUnreadNotices } from './api/read-notices';

/** The notice shown in the dialog. */
export const currentNoticeStore = createStore<Notice | null>(null);

/** Opens the dialog with the notice `id` (reading its detail) and marks it read. */
export async function showNotice(client: QueryClient, id: Notice['id'], { markRead = true } = {}): Promise<void> {
  try {
    const notice = await client.query(noticeDetailQueryOptions(id));
    currentNoticeStore.set(notice);
    if (markRead && !notice.read) {
      await markNoticeRead(id).catch(() => undefined);
      currentNoticeStore.set((current) => (current?.id === notice.id ? { ...notice, read: true } : current));
      void refreshUnreadNotices(client);
    }
  } catch {
    // the API client has shown the error
  }
}

/** Shows the newest popup notice the user has not closed yet (on page load). */
export async function showLatestPopup(client: QueryClient): Promise<void> {
  try {
    const notice = await client.query(latestPopupQueryOptions());
    if (notice && !currentNoticeStore.get()) currentNoticeStore.set(notice);
  } catch {
    // quiet
  }
}

/** Closes the dialog: the popup is recorded as closed and read on the server. */
export function closeNotice(client: QueryClient): void {
  const current = currentNoticeStore.get();
  currentNoticeStore.set(null);
  if (current) {
    void closePopupNotice(current.id)
      .catch(() => undefined)
      .then(() => refreshUnreadNotices(client));
  }
}

/** A withdrawn notice (backstage_003): clears the shown one if the id matches or is -1 (not read). */
export function withdrawNotice(id: Notice['id'] | null | undefined): void {
  const current = currentNoticeStore.get();
  if (current && (String(id) === '-1' || String(id) === String(current.id))) currentNoticeStore.set(null);
}
