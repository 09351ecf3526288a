import { api } from '@/lib/api-client';
import type { BannerInfo } from '@/lib/wire-types';

/** GET /api/home/banner (may not exist yet: quiet). */
export function getBannerInfo(): Promise<BannerInfo> {
  return api.get<BannerInfo>('/api/home/banner', { quiet: true, noLoading: true });
}

/** GET /api/homePage/closeBanner: the user closed the banner. */
export function closeBanner(): Promise<unknown> {
  return api.get('/api/homePage/closeBanner', { quiet: true, noLoading: true });
}
