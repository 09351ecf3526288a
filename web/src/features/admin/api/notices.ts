// Notices (通知公告): the notices published with their recipients and readers, publishing one to
// roles and e-mails (pushed to them at once), and withdrawing one.

import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminNotice } from '@/generated/AdminNotice';
import type { Page } from '@/generated/Page';
import type { PageRequest } from '@/generated/PageRequest';
import type { PublishNoticeRequest } from '@/generated/PublishNoticeRequest';
import type { PublishNoticeResult } from '@/generated/PublishNoticeResult';
import type { WithdrawNoticeRequest } from '@/generated/WithdrawNoticeRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { adminKeys } from './admin-keys';

/** POST /api/admin/notice/list: newest first. */
export function getAdminNotices(page: PageRequest, options?: RequestOptions): Promise<Page<AdminNotice>> {
  return api.post<Page<AdminNotice>>('/api/admin/notice/list', page, options);
}

export function adminNoticesQueryOptions(page: PageRequest) {
  return queryOptions({
    queryKey: adminKeys.noticePage(page),
    queryFn: (context) => getAdminNotices(page, readOptions(context)),
  });
}

export function useAdminNotices(page: PageRequest) {
  return useQuery({ ...adminNoticesQueryOptions(page), placeholderData: keepPreviousData });
}

function invalidateNotices(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.notices() });
}

/** POST /api/admin/notice/publish: the notice's id and how many users it was addressed to. */
export function publishNotice(body: PublishNoticeRequest): Promise<PublishNoticeResult> {
  return api.post<PublishNoticeResult>('/api/admin/notice/publish', body);
}

export function usePublishNotice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishNotice, onSuccess: () => invalidateNotices(queryClient) });
}

/** POST /api/admin/notice/withdraw: how many recipients were told. */
export function withdrawNotice(id: number): Promise<number> {
  const body: WithdrawNoticeRequest = { id };
  return api.post<number>('/api/admin/notice/withdraw', body);
}

export function useWithdrawNotice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawNotice, onSuccess: () => invalidateNotices(queryClient) });
}
