// One notice: its detail (GET /api/exam/notice/detail?id=) and the newest unread popup notice the
// user has not closed (GET /api/exam/notice/detail/latest), read when the dialog opens one.

import { queryOptions } from '@tanstack/react-query';
import type { Notice } from '@/generated/Notice';
import { api } from '@/lib/api-client';
import { noticeKeys } from './get-unread-notices';

export function getNoticeDetail(id: Notice['id']): Promise<Notice> {
  return api.get<Notice>('/api/exam/notice/detail', { params: { id }, noLoading: true });
}

export function noticeDetailQueryOptions(id: Notice['id']) {
  // Read each time it is opened: its read state changes.
  return queryOptions({ queryKey: noticeKeys.detail(id), queryFn: () => getNoticeDetail(id), staleTime: 0 });
}

/** Null when there is none. */
export function getLatestPopupNotice(): Promise<Notice | null> {
  return api.get<Notice | null>('/api/exam/notice/detail/latest', { noLoading: true, quiet: true });
}

export function latestPopupQueryOptions() {
  return queryOptions({ queryKey: noticeKeys.latestPopup(), queryFn: getLatestPopupNotice, staleTime: 0 });
}
