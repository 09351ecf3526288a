// A camp's life (03 §7.8): publish, withdraw the publication, drop the edits, pause, resume, shut
// down (each answers the camp's info; a refusal is A0409 with the reason, which the API client
// shows); and its distribution: the distribution points (GET .../getDpList) and a point's join
// link with its QR code (GET .../getQrCode).

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampIdRequest } from '@/generated/CampIdRequest';
import type { CampInfo } from '@/generated/CampInfo';
import type { CampQrCode } from '@/generated/CampQrCode';
import type { CampStateRequest } from '@/generated/CampStateRequest';
import type { DistributionPoint } from '@/generated/DistributionPoint';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import type { CampAction } from '../camp-dict';
import { campKeys } from './camp-keys';

const ACTION_PATHS: Record<CampAction, string> = {
  publish: '/api/camp/publish',
  revoke: '/api/camp/revoke',
  editRevoke: '/api/camp/edit-revoke',
  pause: '/api/camp/pause',
  resume: '/api/camp/resume',
  shutdown: '/api/camp/shutdown',
};

export interface CampActionRequest extends CampStateRequest {
  action: CampAction;
}

/** POST /api/camp/{publish|revoke|edit-revoke|pause|resume|shutdown}; a reason only where kept. */
export function changeCampState({ action, campId, reason }: CampActionRequest): Promise<CampInfo> {
  const withReason = action === 'pause' || action === 'shutdown';
  const body: CampStateRequest | CampIdRequest =
    withReason && reason?.trim() ? { campId, reason: reason.trim() } : { campId };
  return api.post<CampInfo>(ACTION_PATHS[action], body);
}

/**
 * Changes the camp's state: its info shown at once; everything else of the camp read again (the
 * edits dropped bring back the published phases; the links answer for a live camp only).
 */
export function useChangeCampState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCampState,
    onSuccess: (info) => {
      queryClient.setQueryData(campKeys.info(info.campId), info);
      void queryClient.invalidateQueries({
        queryKey: campKeys.camp(info.campId),
        predicate: (q) => q.queryKey[3] !== 'info',
      });
      void queryClient.invalidateQueries({ queryKey: campKeys.lists() });
    },
  });
}

/** GET /api/camp/publish/qrCode/getDpList?campId= */
export async function getDistributionPoints(campId: number, options?: RequestOptions): Promise<DistributionPoint[]> {
  return (
    (await api.get<DistributionPoint[] | null>('/api/camp/publish/qrCode/getDpList', {
      ...options,
      params: { campId },
    })) ?? []
  );
}

export function distributionPointsQueryOptions(campId: number) {
  return queryOptions({
    queryKey: campKeys.dpList(campId),
    queryFn: (context) => getDistributionPoints(campId, readOptions(context)),
  });
}

export function useDistributionPoints(campId: number, enabled = true) {
  return useQuery({ ...distributionPointsQueryOptions(campId), enabled });
}

/** GET /api/camp/publish/qrCode/getQrCode?campId=&dpId= */
export function getCampQrCode(campId: number, dpId: number, options?: RequestOptions): Promise<CampQrCode> {
  return api.get<CampQrCode>('/api/camp/publish/qrCode/getQrCode', { ...options, params: { campId, dpId } });
}

export function campQrCodeQueryOptions(campId: number, dpId: number) {
  return queryOptions({
    queryKey: campKeys.qrCode(campId, dpId),
    queryFn: (context) => getCampQrCode(campId, dpId, readOptions(context)),
  });
}

export function useCampQrCode(campId: number, dpId: number | null, enabled = true) {
  return useQuery({ ...campQrCodeQueryOptions(campId, dpId ?? 0), enabled: enabled && dpId !== null });
}
