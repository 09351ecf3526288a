// The open-page tabs (spec 01 §2 "Open-page tabs"): the visited list and the cached list.

import { createStore } from '@/lib/store';

export interface PageTab {
  /** Route name. */
  name: string;
  /** Full path with query, the tab's key. */
  path: string;
  title: string;
  noCache?: boolean;
}

export interface TabsState {
  visited: PageTab[];
  /** Names of the pages kept cached. */
  cached: string[];
}

export const tabsStore = createStore<TabsState>({ visited: [], cached: [] });

/** Adds a page: visited if it has a title and is not present; cached unless noCache. */
export function addTab(tab: PageTab): void {
  tabsStore.set((s) => {
    const visited = tab.title && !s.visited.some((t) => t.path === tab.path) ? [...s.visited, tab] : s.visited;
    const cached = !tab.noCache && !s.cached.includes(tab.name) ? [...s.cached, tab.name] : s.cached;
    return visited === s.visited && cached === s.cached ? s : { visited, cached };
  });
}

/** Updates a visited page (e.g. a title that arrived later). */
export function updateTab(path: string, patch: Partial<PageTab>): void {
  tabsStore.set((s) => ({
    ...s,
    visited: s.visited.map((t) => (t.path === path ? { ...t, ...patch } : t)),
  }));
}

export function removeTab(path: string): void {
  tabsStore.set((s) => {
    const gone = s.visited.find((t) => t.path === path);
    const visited = s.visited.filter((t) => t.path !== path);
    const cached =
      gone && !visited.some((t) => t.name === gone.name) ? s.cached.filter((n) => n !== gone.name) : s.cached;
    return { visited, cached };
  });
}

/** Keeps only `path` (and the fixed tabs). */
export function removeOtherTabs(path: string, fixed: string[] = []): void {
  tabsStore.set((s) => {
    const visited = s.visited.filter((t) => t.path === path || fixed.includes(t.path));
    return { visited, cached: s.cached.filter((n) => visited.some((t) => t.name === n)) };
  });
}

export function removeAllTabs(fixed: string[] = []): void {
  tabsStore.set((s) => {
    const visited = s.visited.filter((t) => fixed.includes(t.path));
    return { visited, cached: s.cached.filter((n) => visited.some((t) => t.name === n)) };
  });
}

/** Moves the tab at `from` to index `to`. */
export function moveTab(from: number, to: number): void {
  tabsStore.set((s) => {
    if (from === to || from < 0 || from >= s.visited.length || to < 0 || to >= s.visited.length) return s;
    const visited = [...s.visited];
    const [tab] = visited.splice(from, 1);
    if (tab) visited.splice(to, 0, tab);
    return { ...s, visited };
  });
}
