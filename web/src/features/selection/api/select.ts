import { useQuery } from '@tanstack/react-query';
import type { RegionInfo } from '@/generated/RegionInfo';
import type { SelectRequest } from '@/generated/SelectRequest';
import { api } from '@/lib/api-client';

/** POST /api/pub/user/select: reports the chosen school, stage or subject. */
export function reportSelection(selection: SelectRequest): Promise<unknown> {
  return api.post('/api/pub/user/select', selection, { noLoading: true });
}

/** GET /api/pub/user/region-info?subject= */
export function getRegionInfo(subject: number | undefined): Promise<RegionInfo> {
  return api.get<RegionInfo>('/api/pub/user/region-info', {
    params: { subject },
    noLoading: true,
    quiet: true,
  });
}

export const regionKeys = {
  all: ['region-info'] as const,
  info: (subject: number | undefined) => [...regionKeys.all, subject ?? null] as const,
};

/** The area data of the province picker for `subject`. */
export function useRegionInfo(subject: number | undefined) {
  return useQuery({ queryKey: regionKeys.info(subject), queryFn: () => getRegionInfo(subject) });
}

/** GET /api/pub/user/province/select?code= */
export function selectProvince(code: string): Promise<unknown> {
  return api.get('/api/pub/user/province/select', { params: { code }, noLoading: true });
}
