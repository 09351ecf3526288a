// Leaving a page with unsaved changes is asked about: the browser's own dialog before the page is
// closed or reloaded (beforeunload), and a blocker of the app's route changes (a link, a tab of
// the open pages, back) that the page answers (components/ui/leave-guard's dialog).

import { useEffect } from 'react';
import { type Location, useBlocker } from 'react-router';

/** Another page, or the same page of another record (`?id=`): not a change of the hash alone. */
const leaves = (current: Location, next: Location) =>
  current.pathname !== next.pathname || current.search !== next.search;

/** While `when` holds, leaving waits for the returned blocker to proceed (or is reset). */
export function useLeaveGuard(when: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && leaves(currentLocation, nextLocation));
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return blocker;
}
