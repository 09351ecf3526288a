import { routesByName } from '@/config/paths';
import type { MenuItem } from '@/generated/MenuItem';

/** The route name of a menu item: its url with the first letter capitalised. */
export function menuRouteName(item: Pick<MenuItem, 'url'>): string {
  const raw = item.url.replace(/^\/+/, '');
  return raw.charAt(0).toUpperCase() + raw.slice(1);
}

const routeNameByPath: ReadonlyMap<string, string> = new Map([...routesByName.values()].map((r) => [r.path, r.name]));

/**
 * Where a menu item leads: the named route's path; else, under a parent, the parent's path plus
 * the url when that is a known route; else the url as a path.
 */
export function menuTarget(item: Pick<MenuItem, 'url'>, parentTarget?: string): string {
  const route = routesByName.get(menuRouteName(item));
  if (route && !route.path.includes(':')) return route.path;
  const url = item.url.replace(/^\/+/, '');
  if (parentTarget && routeNameByPath.has(`${parentTarget}/${url}`)) return `${parentTarget}/${url}`;
  return `/${url}`;
}

export interface ResolvedMenuItem {
  item: MenuItem;
  /** The route the item opens (a child whose capitalised url names no route: the route at its target). */
  routeName: string;
  to: string;
  children: ResolvedMenuItem[];
}

/** Resolves the targets of a menu tree. */
export function resolveMenu(items: MenuItem[], parentTarget?: string): ResolvedMenuItem[] {
  return items.map((item) => {
    const to = menuTarget(item, parentTarget);
    const named = menuRouteName(item);
    const routeName = routesByName.has(named) ? named : (routeNameByPath.get(to) ?? named);
    return { item, routeName, to, children: resolveMenu(item.children, to) };
  });
}

/** Every entry of a resolved menu tree, by the route it opens. */
export function menuEntriesByRoute(entries: ResolvedMenuItem[]): Map<string, ResolvedMenuItem> {
  const byRoute = new Map<string, ResolvedMenuItem>();
  const visit = (list: ResolvedMenuItem[]) => {
    for (const entry of list) {
      byRoute.set(entry.routeName, entry);
      visit(entry.children);
    }
  };
  visit(entries);
  return byRoute;
}

/**
 * The menu's label for a route (the user sees it in the menu, so tabs and page titles use it),
 * or null when the menu does not list the route.
 */
export function menuLabelOf(menu: MenuItem[], routeName: string): string | null {
  return menuEntriesByRoute(resolveMenu(menu)).get(routeName)?.item.name ?? null;
}

/**
 * A group whose only child has the group's own name (AI助手 → AI助手) shown as one entry: the
 * group, leading where its child does.
 */
export function mergeSoleNamesake(entry: ResolvedMenuItem): ResolvedMenuItem {
  const [only, ...others] = entry.children;
  if (!only || others.length > 0 || only.item.name !== entry.item.name) return entry;
  return { ...entry, to: only.to, children: [] };
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
