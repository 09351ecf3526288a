import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';

/** What a page has read from the server: loading, the data, or why it failed. */
export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; message: string; /** The envelope's error code, when the server answered. */ code?: string };

/**
 * Runs `load` when `key` or `revision` changes (`key` names what `load` reads; null: nothing to
 * load). A new revision of the same key keeps showing the last data until the new one arrives.
 * The second element replaces the data in place (e.g. with what a save answered).
 */
export function useLoadedState<T>(
  load: (() => Promise<T>) | null,
  key: string | null,
  revision = 0,
): [Loaded<T>, (update: (data: T) => T) => void] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  if (loadedKey !== key) {
    setLoadedKey(key);
    setState({ status: 'loading' });
  }
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      (e: unknown) =>
        live &&
        setState({
          status: 'failed',
          message: e instanceof Error ? e.message : String(e),
          code: isApiError(e) ? e.code : undefined,
        }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is a new closure every render; `key` and `revision` say when it reads something new
  }, [key, revision]);
  const update = useCallback(
    (change: (data: T) => T) => setState((s) => (s.status === 'ready' ? { status: 'ready', data: change(s.data) } : s)),
    [],
  );
  return [state, update];
}

/** {@link useLoadedState} without in-place updates. */
export function useLoaded<T>(load: (() => Promise<T>) | null, key: string | null, revision = 0): Loaded<T> {
  return useLoadedState(load, key, revision)[0];
}
