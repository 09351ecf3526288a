import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useStore } from '@/lib/store';
import { tabsStore, updateTab } from '../tabs-store';

/**
 * Titles the open-page tab of the current page by what the page shows (a textbook's name from its
 * `title` query) rather than by its route. The layout adds the tab after the page renders; the
 * title is set once the tab is there.
 */
export function useTabTitle(title: string | null | undefined): void {
  const { pathname, search } = useLocation();
  const path = pathname + search;
  const current = useStore(tabsStore, (s) => s.visited.find((t) => t.path === path)?.title);
  useEffect(() => {
    if (title && current !== undefined && current !== title) updateTab(path, { title });
  }, [title, current, path]);
}
