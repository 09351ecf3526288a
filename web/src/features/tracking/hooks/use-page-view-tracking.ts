import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { trackPageView } from '../tracker';
import { TRACK_PAGE_VIEW } from '../tracking-rules';

/** The page-view name of a route: its name, `homePageView` for the home page or an unnamed one. */
export function pageViewName(routeName: string | undefined): string {
  return !routeName || routeName === paths.home.name ? TRACK_PAGE_VIEW : routeName;
}

/**
 * Reports a page view on every route change of the main layout (the first one follows the
 * login or the page load). Mounted once, by the main layout, which renders only signed in.
 */
export function usePageViewTracking(routeName: string | undefined): void {
  const { pathname, search } = useLocation();
  const page = pathname + search;
  // One view per page, also when an effect runs twice for one (React's strict mode).
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (last.current === page) return;
    last.current = page;
    trackPageView(pageViewName(routeName));
  }, [page, routeName]);
}
