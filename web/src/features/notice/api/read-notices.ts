// The calls that change what is unread: read one, read all, close a popup (which reads it too).
// Each reads the unread list again.

import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notice } from '@/generated/Notice';
import { api } from '@/lib/api-client';
import { noticeKeys } from './get-unread-notices';

/** POST /api/exam/notice/read?id= */
export function markNoticeRead(id: Notice['id']): Promise<unknown> {
  return api.post('/api/exam/notice/read', undefined, { params: { id }, noLoading: true, quiet: true });
}

/** POST /api/exam/notice/readAll */
export function markAllNoticesRead(): Promise<unknown> {
  return api.post('/api/exam/notice/readAll', undefined, { noLoading: true });
}

/** POST /api/exam/notice/update/param: the popup was closed (and so read). */
export function closePopupNotice(id: Notice['id']): Promise<unknown> {
  return api.post(
    '/api/exam/notice/update/param',
    { id, popupClosed: true, read: true },
    { noLoading: true, quiet: true },
  );
}

export function refreshUnreadNotices(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: noticeKeys.unread() });
}

/** 全部已读 (the list is read again whatever the answer). */
export function useMarkAllNoticesRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNoticesRead,
    onSettled: () => refreshUnreadNotices(client),
  });
}
