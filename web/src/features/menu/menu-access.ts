// Which pages of the main layout the user's menu opens (01 §6: the menu is server-driven per user;
// a page outside it goes to /noAuth). Pages in no menu at all (home, the download centre, help,
// the handout editor) always open; a section's page opens when the user's menu has the section's
// group, and, when the page is itself a menu entry, lists that entry.

import { ADMINISTRATION_MENU_CODE, MENU_GROUP_CODES } from '@/config/constants';
import { MENU_ENTRY_ROUTES, paths, sections } from '@/config/paths';
import type { MenuItem } from '@/generated/MenuItem';
import { menuEntriesByRoute, resolveMenu } from './menu-target';

/**
 * The feedback report's pages are opened by link (sharing, a lesson's 写反馈) by whoever the report
 * is shared with; the server checks that access per report.
 */
const OPENED_BY_LINK: ReadonlySet<string> = new Set([paths.feedbackEdit.name, paths.feedbackPreview.name]);

/** The code of the top-level menu group a route belongs to (its section's, or its own), if any. */
export function menuGroupOf(routeName: string): string | null {
  const section = sections.find((s) => s.name === routeName || s.children.some((c) => c.name === routeName));
  const code = (section?.name ?? routeName).toUpperCase();
  return MENU_GROUP_CODES.includes(code) ? code : null;
}

/**
 * Whether the user whose menu is `menu` may open the route named `routeName`. A super user (or one
 * acting as another account) opens the administration by address even when their role's menu does
 * not list it, as the server lets them call it.
 */
export function mayOpenRoute(menu: MenuItem[], routeName: string, superuser = false): boolean {
  if (OPENED_BY_LINK.has(routeName)) return true;
  const groupCode = menuGroupOf(routeName);
  if (!groupCode) return true;
  if (superuser && groupCode === ADMINISTRATION_MENU_CODE) return true;
  const group = menu.find((m) => m.code === groupCode);
  if (!group) return false;
  // A group listed without children opens its whole section.
  if (!MENU_ENTRY_ROUTES.has(routeName) || group.children.length === 0) return true;
  return menuEntriesByRoute(resolveMenu([group])).has(routeName);
}
