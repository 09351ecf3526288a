import { useMemo } from 'react';
import { useSession } from '@/lib/session';
import { menuLabelOf } from '../menu-target';

/**
 * A page's title: the label the user's menu gives its route (what the user clicked), else the
 * route's own title.
 */
export function usePageTitle(routeName: string | undefined, fallback: string | undefined): string | undefined {
  const menu = useSession((s) => s.menu);
  return useMemo(
    () => (routeName && menu ? (menuLabelOf(menu, routeName) ?? fallback) : fallback),
    [menu, routeName, fallback],
  );
}
