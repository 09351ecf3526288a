import { routesByName } from '@/config/paths';
import type { MenuItem } from '@/generated/MenuItem';

/** The route name of a menu item: its url with the first letter capitalised. */
export function menuRouteName(item: Pick<MenuItem, 'url'>): string {
  const raw = item.url.replace(/^\/+/, '');
  return raw.charAt(0).toUpperCase() + raw.slice(1);
}

const knownPaths = new Set([...routesByName.values()].map((r) => r.path));

/**
 * Where a menu item leads: the named route's path; else, under a parent, the parent's path plus
 * the url when that is a known route; else the url as a path.
 */
export function menuTarget(item: Pick<MenuItem, 'url'>, parentTarget?: string): string {
  const route = routesByName.get(menuRouteName(item));
  if (route && !route.path.includes(':')) return route.path;
  const url = item.url.replace(/^\/+/, '');
  if (parentTarget && knownPaths.has(`${parentTarget}/${url}`)) return `${parentTarget}/${url}`;
  return `/${url}`;
}

export interface ResolvedMenuItem {
  item: MenuItem;
  routeName: string;
  to: string;
  children: ResolvedMenuItem[];
}

/** Resolves the targets of a menu tree. */
export function resolveMenu(items: MenuItem[], parentTarget?: string): ResolvedMenuItem[] {
  return items.map((item) => {
    const to = menuTarget(item, parentTarget);
    return { item, routeName: menuRouteName(item), to, children: resolveMenu(item.children, to) };
  });
}

/** True when the item (or one of its children) is among the matched routes. */
export function isMenuItemActive(
  entry: ResolvedMenuItem,
  matchedNames: ReadonlySet<string>,
  pathname: string,
): boolean {
  if (matchedNames.has(entry.routeName)) return true;
  if (pathname === entry.to || pathname.startsWith(`${entry.to}/`)) return true;
  return entry.children.some((c) => isMenuItemActive(c, matchedNames, pathname));
}
