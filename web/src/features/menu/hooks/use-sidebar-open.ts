import { useCallback, useState } from 'react';
import { getCookie, setCookie } from '@/lib/cookie';

const COOKIE = 'sidebarStatus';

/** The sidebar's open state, remembered in a cookie ('1' open, '0' closed). */
export function useSidebarOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(() => getCookie(COOKIE) !== '0');
  const toggle = useCallback(() => {
    setOpen((o) => {
      setCookie(COOKIE, o ? '0' : '1');
      return !o;
    });
  }, []);
  return [open, toggle];
}
