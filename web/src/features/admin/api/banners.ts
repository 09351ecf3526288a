// Home banners (首页轮播): every banner, shown or not, and the carousel's rotation time. A change
// reads them again here; the server tells every open shell (magic_shell_changed, `banners`), whose
// home page reads its banners again.

import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBanner } from '@/generated/AdminBanner';
import type { AdminBanners } from '@/generated/AdminBanners';
import type { BannerRotation } from '@/generated/BannerRotation';
import type { IdRequest } from '@/generated/IdRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { adminKeys } from './admin-keys';

/** A banner's picture (the uploaded image, or one drawn from its title and colour). */
export function bannerImageUrl(id: number): string {
  return `/api/home/banner/image/${id}`;
}

/** GET /api/admin/banners */
export function getAdminBanners(options?: RequestOptions): Promise<AdminBanners> {
  return api.get<AdminBanners>('/api/admin/banners', options);
}

export function adminBannersQueryOptions() {
  return queryOptions({ queryKey: adminKeys.banners(), queryFn: (context) => getAdminBanners(readOptions(context)) });
}

export function useAdminBanners() {
  return useQuery(adminBannersQueryOptions());
}

function invalidateBanners(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.banners() });
}

/** POST /api/admin/banner/save (no id: a new banner): the banner's id. */
export function saveBanner(body: AdminBanner): Promise<number> {
  return api.post<number>('/api/admin/banner/save', body);
}

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveBanner, onSuccess: () => invalidateBanners(queryClient) });
}

/** POST /api/admin/banner/delete */
export function deleteBanner(id: number): Promise<boolean> {
  const body: IdRequest = { id };
  return api.post<boolean>('/api/admin/banner/delete', body);
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBanner, onSuccess: () => invalidateBanners(queryClient) });
}

/** POST /api/admin/banner/rotation (2,000 to 60,000 ms). */
export function setBannerRotation(rotationMs: number): Promise<boolean> {
  const body: BannerRotation = { rotationMs };
  return api.post<boolean>('/api/admin/banner/rotation', body);
}

export function useSetBannerRotation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setBannerRotation, onSuccess: () => invalidateBanners(queryClient) });
}
