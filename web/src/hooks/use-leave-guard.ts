// Leaving a page with unsaved changes is asked about: the browser's own dialog before the page is
// closed or reloaded (beforeunload), and a blocker of the app's route changes (a link, a tab of
// the open pages, back) that the page answers (components/ui/leave-guard's dialog).

import { useCallback, useEffect, useRef } from 'react';
import { type Blocker, type BlockerFunction, type Location, useBlocker } from 'react-router';

/** Another page, or the same page of another record (`?id=`): not a change of the hash alone. */
const leaves = (current: Location, next: Location) =>
  current.pathname !== next.pathname || current.search !== next.search;

export interface LeaveGuardHandle {
  blocker: Blocker;
  /**
   * Lets the page leave at once: for a navigation right after the changes were stored (a save,
   * a publish, a delete), before the page has drawn itself again without them.
   */
  release: () => void;
}

/** While `when` holds, leaving waits for the blocker to proceed (or is reset). */
export function useLeaveGuard(when: boolean): LeaveGuardHandle {
  // The blocker reads a ref, not the render's `when`, so that `release` takes effect at once.
  const guarding = useRef(when);
  useEffect(() => {
    guarding.current = when;
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) => guarding.current && leaves(currentLocation, nextLocation),
      [],
    ),
  );
  const release = useCallback(() => {
    guarding.current = false;
  }, []);
  return { blocker, release };
}
