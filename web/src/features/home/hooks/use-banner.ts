import { useEffect, useState } from 'react';
import type { BannerInfo } from '@/lib/wire-types';
import { closeBanner, getBannerInfo } from '../api/banner';

/** The banner info, and `close` which hides it for good. */
export function useBanner(): { info: BannerInfo | null; close: () => void } {
  const [info, setInfo] = useState<BannerInfo | null>(null);
  useEffect(() => {
    let alive = true;
    getBannerInfo()
      .then((i) => alive && setInfo(i))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  const close = () => {
    setInfo((i) => (i ? { ...i, userCloseBanner: true } : i));
    void closeBanner().catch(() => undefined);
  };
  return { info, close };
}
