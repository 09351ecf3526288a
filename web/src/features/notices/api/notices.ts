import { api } from '@/lib/api-client';
import type { Notice } from '@/lib/wire-types';

/** GET /api/exam/notice/personal/unread */
export function getUnreadNotices(): Promise<Notice[]> {
  return api.get<Notice[]>('/api/exam/notice/personal/unread', { noLoading: true, quiet: true });
}

/** GET /api/exam/notice/detail?id= */
export function getNoticeDetail(id: Notice['id']): Promise<Notice> {
  return api.get<Notice>('/api/exam/notice/detail', { params: { id }, noLoading: true });
}

/** GET /api/exam/notice/read?id= */
export function markNoticeRead(id: Notice['id']): Promise<unknown> {
  return api.get('/api/exam/notice/read', { params: { id }, noLoading: true, quiet: true });
}

/** GET /api/exam/notice/readAll */
export function markAllNoticesRead(): Promise<unknown> {
  return api.get('/api/exam/notice/readAll', { noLoading: true });
}

/** GET /api/exam/notice/detail/latest: the newest unread popup notice not yet closed, or null. */
export function getLatestPopupNotice(): Promise<Notice | null> {
  return api.get<Notice | null>('/api/exam/notice/detail/latest', { noLoading: true, quiet: true });
}

/** POST /api/exam/notice/update/param: the popup was closed (and so read). */
export function closePopupNotice(id: Notice['id']): Promise<unknown> {
  return api.post(
    '/api/exam/notice/update/param',
    { id, popupClosed: true, read: true },
    { noLoading: true, quiet: true },
  );
}
