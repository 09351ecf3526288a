import { createStore, useStore } from './store';

/** Default text of the loading overlay. */
export const DEFAULT_LOADING_TEXT = '加载中…';

interface LoadingState {
  count: number;
  text: string;
}

const loadingStore = createStore<LoadingState>({ count: 0, text: DEFAULT_LOADING_TEXT });

/** Marks one piece of work as running; call the returned function when it ends (once). */
export function beginLoading(text: string = DEFAULT_LOADING_TEXT): () => void {
  loadingStore.set((s) => ({ count: s.count + 1, text }));
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    loadingStore.set((s) => ({ ...s, count: Math.max(0, s.count - 1) }));
  };
}

/** Clears every pending loading mark (after an expired session). */
export function resetLoading(): void {
  loadingStore.set({ count: 0, text: DEFAULT_LOADING_TEXT });
}

export function useLoading(): LoadingState {
  return useStore(loadingStore);
}
