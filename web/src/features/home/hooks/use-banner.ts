import { useQueryClient } from '@tanstack/react-query';
import type { BannerInfo } from '@/generated/BannerInfo';
import { bannerKey, closeBanner, useBannerInfo } from '../api/banner';

/** The banner info, and `close` which hides it for good. */
export function useBanner(): { info: BannerInfo | null; close: () => void } {
  const queryClient = useQueryClient();
  const info = useBannerInfo().data ?? null;
  const close = () => {
    queryClient.setQueryData<BannerInfo>(bannerKey, (i) => (i ? { ...i, userCloseBanner: true } : i));
    void closeBanner().catch(() => undefined);
  };
  return { info, close };
}
