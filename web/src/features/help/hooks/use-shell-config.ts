// The shell's configuration (feedback groups, help links), loaded once per signed-in user and
// shared by the help menu, the feedback popover and the help pages.

import { useCallback, useEffect } from 'react';
import { useSession } from '@/lib/session';
import { createStore, useStore } from '@/lib/store';
import type { ShellConfig } from '@/lib/wire-types';
import { getShellConfig } from '../api/shell-config';

export type ShellConfigState = { status: 'loading' } | { status: 'ready'; config: ShellConfig } | { status: 'error' };

interface Cache {
  /** The user the entry belongs to (a new login loads the configuration again). */
  user: string | null;
  state: ShellConfigState;
}

const LOADING: ShellConfigState = { status: 'loading' };
const cache = createStore<Cache>({ user: null, state: LOADING });
let inflight: string | null = null;

/** Loads the configuration for `user` unless it is loaded or loading; a failure is retried on next use. */
function ensureLoaded(user: string): void {
  const current = cache.get();
  if (current.user === user && current.state.status === 'ready') return;
  if (inflight === user) return;
  inflight = user;
  cache.set({ user, state: LOADING });
  getShellConfig().then(
    (config) => {
      if (inflight !== user) return;
      inflight = null;
      cache.set({ user, state: { status: 'ready', config } });
    },
    () => {
      if (inflight !== user) return;
      inflight = null;
      cache.set({ user, state: { status: 'error' } });
    },
  );
}

/** Forgets the cached configuration (tests). */
export function forgetShellConfig(): void {
  inflight = null;
  cache.set({ user: null, state: LOADING });
}

export interface ShellConfigHandle {
  /** Loading while there is no session. */
  state: ShellConfigState;
  /** Loads again after a failure (no-op while loaded or loading). */
  retry: () => void;
}

/** The shell configuration of the signed-in user, loaded on first use. */
export function useShellConfig(): ShellConfigHandle {
  const user = useSession((s) => s.user?.userEmail ?? null);
  const entry = useStore(cache);
  useEffect(() => {
    if (user) ensureLoaded(user);
  }, [user]);
  const retry = useCallback(() => {
    if (user) ensureLoaded(user);
  }, [user]);
  const state: ShellConfigState = user !== null && entry.user === user ? entry.state : LOADING;
  return { state, retry };
}
