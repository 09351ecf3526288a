// GET /api/exam/notice/personal/unread (spec 01 §3 "Notice store"): the bell's list. Notice
// pushes (backstage_*) and the calls that read notices invalidate it.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notice } from '@/generated/Notice';
import { api } from '@/lib/api-client';

export const noticeKeys = {
  all: ['notices'] as const,
  unread: () => [...noticeKeys.all, 'unread'] as const,
  detail: (id: Notice['id']) => [...noticeKeys.all, 'detail', id] as const,
  latestPopup: () => [...noticeKeys.all, 'latest-popup'] as const,
};

export async function getUnreadNotices(): Promise<Notice[]> {
  const unread = await api.get<Notice[] | null>('/api/exam/notice/personal/unread', { noLoading: true, quiet: true });
  return Array.isArray(unread) ? unread : [];
}

export function unreadNoticesQueryOptions() {
  return queryOptions({ queryKey: noticeKeys.unread(), queryFn: getUnreadNotices });
}

export function useUnreadNotices() {
  return useQuery(unreadNoticesQueryOptions());
}
