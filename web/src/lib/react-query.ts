// The one query cache of server state (TanStack Query).
//
// Server state changes only through the app's own calls (mutations invalidate or update the keys
// they change) and the server's pushes (`src/lib/realtime.ts`: a push that reports a change
// updates or invalidates the same keys). Nothing refetches on window focus or on the browser's
// online event, nothing polls: the push socket replaces every poll of the spec.

import { type DefaultOptions, QueryClient } from '@tanstack/react-query';

export const queryConfig = {
  queries: {
    // The API client shows a failure once (a toast unless the call is quiet); a retry would
    // repeat the call and its toast.
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

/** The app's query client (also read outside React, e.g. by the router's loaders). */
export const queryClient = createQueryClient();
