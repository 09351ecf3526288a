import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BannerInfo } from '@/generated/BannerInfo';
import { api } from '@/lib/api-client';

export const bannerKey = ['home', 'banner'] as const;

/** GET /api/home/banner (may not exist yet: quiet). */
export function getBannerInfo(): Promise<BannerInfo> {
  return api.get<BannerInfo>('/api/home/banner', { quiet: true, noLoading: true });
}

export function bannerQueryOptions() {
  return queryOptions({ queryKey: bannerKey, queryFn: getBannerInfo });
}

export function useBannerInfo() {
  return useQuery(bannerQueryOptions());
}

/** POST /api/homePage/closeBanner: the user closed the banner. */
export function closeBanner(): Promise<unknown> {
  return api.post('/api/homePage/closeBanner', undefined, { quiet: true, noLoading: true });
}
