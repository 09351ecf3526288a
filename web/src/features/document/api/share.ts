// Sharing (03 §7.8): colleagues to share with, sharing items with people and teams (received by
// them, sent by me), revoking a share, and share links (plan shares) that a colleague opens and
// saves into their own space.

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BatchResult } from '@/generated/BatchResult';
import type { DriveColleague } from '@/generated/DriveColleague';
import type { PlanShare } from '@/generated/PlanShare';
import type { PlanShareCodeRequest } from '@/generated/PlanShareCodeRequest';
import type { PlanShareInfo } from '@/generated/PlanShareInfo';
import type { PlanShareRequest } from '@/generated/PlanShareRequest';
import type { RevokeShareRequest } from '@/generated/RevokeShareRequest';
import type { ShareCandidateQuery } from '@/generated/ShareCandidateQuery';
import type { ShareRequest } from '@/generated/ShareRequest';
import type { ShareResult } from '@/generated/ShareResult';
import { api, type RequestOptions } from '@/lib/api-client';
import { driveKeys } from './drive-keys';
import { refreshDrive } from './items';

/** POST /api/document/shareCandidates: colleagues by name or e-mail. */
export function getShareCandidates(keyword: string, options?: RequestOptions): Promise<DriveColleague[]> {
  const body: ShareCandidateQuery = { keyword };
  return api.post<DriveColleague[]>('/api/document/shareCandidates', body, options);
}

export function shareCandidatesQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: driveKeys.candidates(keyword),
    queryFn: () => getShareCandidates(keyword, { noLoading: true }),
  });
}

/** Colleagues matching the (debounced) keyword; nothing is read for an empty one. */
export function useShareCandidates(keyword: string) {
  return useQuery({
    ...shareCandidatesQueryOptions(keyword),
    enabled: keyword.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

export interface ShareTargets {
  ids: number[];
  emails: string[];
  teamIds: number[];
}

/** One item (teamShareToPerson) or several (batchTeamShareToPerson) with people and teams. */
export function shareItems({ ids, emails, teamIds }: ShareTargets): Promise<ShareResult> {
  const [only] = ids;
  if (ids.length === 1 && only !== undefined) {
    const one: ShareRequest = { id: only, ids: [], emails, teamIds };
    return api.post<ShareResult>('/api/document/teamShareToPerson', one);
  }
  const body: ShareRequest = { ids, emails, teamIds };
  return api.post<ShareResult>('/api/document/batchTeamShareToPerson', body);
}

export function useShareItems() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: shareItems, onSettled: () => refreshDrive(queryClient) });
}

/** POST /api/document/share/revoke (the sender). */
export function revokeShare(shareId: number): Promise<unknown> {
  const body: RevokeShareRequest = { shareId };
  return api.post('/api/document/share/revoke', body);
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeShare, onSettled: () => refreshDrive(queryClient) });
}

/** POST /api/document/planShare: a share link of items. */
export function createPlanShare(body: PlanShareRequest): Promise<PlanShare> {
  return api.post<PlanShare>('/api/document/planShare', body);
}

export function useCreatePlanShare() {
  return useMutation({ mutationFn: createPlanShare });
}

/** POST /api/document/planShare/revoke */
export function revokePlanShare(code: string): Promise<unknown> {
  const body: PlanShareCodeRequest = { code };
  return api.post('/api/document/planShare/revoke', body);
}

export function useRevokePlanShare() {
  return useMutation({ mutationFn: revokePlanShare });
}

/** POST /api/document/planShareInfo: what a share link holds. */
export function getPlanShareInfo(code: string, options?: RequestOptions): Promise<PlanShareInfo> {
  const body: PlanShareCodeRequest = { code };
  return api.post<PlanShareInfo>('/api/document/planShareInfo', body, options);
}

export function usePlanShareInfo(code: string) {
  return useQuery({
    queryKey: driveKeys.planShareInfo(code),
    queryFn: () => getPlanShareInfo(code, { quiet: true }),
    enabled: code !== '',
  });
}

/** POST /api/document/planShare/save: the link's items copied into my personal root. */
export function savePlanShare(code: string): Promise<BatchResult> {
  const body: PlanShareCodeRequest = { code };
  return api.post<BatchResult>('/api/document/planShare/save', body);
}

export function useSavePlanShare() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePlanShare, onSettled: () => refreshDrive(queryClient) });
}
