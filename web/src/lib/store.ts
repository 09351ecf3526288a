import { useSyncExternalStore } from 'react';

/** A minimal external store for state shared across the app (read with `useStore`). */
export interface Store<T> {
  get: () => T;
  set: (next: T | ((prev: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
}

/** Every store's way back to its first state. */
const resets = new Set<() => void>();

/** Every store back to its first state (tests: a test worker keeps its modules between files). */
export function resetStores(): void {
  resets.forEach((reset) => reset());
}

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  resets.add(() => {
    state = initial;
  });
  return {
    get: () => state,
    set(next) {
      const value = typeof next === 'function' ? (next as (prev: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T>(store: Store<T>): T;
export function useStore<T, S>(store: Store<T>, select: (state: T) => S): S;
export function useStore<T, S>(store: Store<T>, select?: (state: T) => S): T | S {
  const get = () => (select ? select(store.get()) : store.get());
  return useSyncExternalStore(store.subscribe, get, get);
}
