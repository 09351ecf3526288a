import { routesByName } from '@/config/paths';
import type { MenuItem } from '@/lib/wire-types';

/** The route name of a menu item: its url with the first letter capitalised. */
export function menuRouteName(item: Pick<MenuItem, 'url'>): string {
  const raw = item.url.replace(/^\/+/, '');
  return raw.charAt(0).toUpperCase() + raw.slice(1);
}

/** Where a menu item leads: the named route's path, else the url as a path. */
export function menuTarget(item: Pick<MenuItem, 'url'>): string {
  const route = routesByName.get(menuRouteName(item));
  if (route && !route.path.includes(':')) return route.path;
  return `/${item.url.replace(/^\/+/, '')}`;
}

/** True when the item (or one of its children) is among the matched route names. */
export function isMenuItemActive(item: MenuItem, matchedNames: ReadonlySet<string>, pathname: string): boolean {
  if (matchedNames.has(menuRouteName(item))) return true;
  if (pathname === menuTarget(item)) return true;
  return (item.children ?? []).some((c) => isMenuItemActive(c, matchedNames, pathname));
}
