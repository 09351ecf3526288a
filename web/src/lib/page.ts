// Page-level side effects, kept in one object so tests can replace them.

import { Timing } from '@/generated/codes';

export const page = {
  reload(): void {
    window.location.reload();
  },
};

const SEARCH_STATE_PREFIX = 'search:';

/** Clears stored search parameters (after a role or account switch). */
export function clearStoredSearchState(): void {
  for (const storage of [localStorage, sessionStorage]) {
    for (let i = storage.length - 1; i >= 0; i -= 1) {
      const key = storage.key(i);
      if (key?.startsWith(SEARCH_STATE_PREFIX)) storage.removeItem(key);
    }
  }
}

/** After a role or account switch: clear search state, go home, reload after 300 ms. */
export function reloadAfterSwitch(goHome: () => void): void {
  clearStoredSearchState();
  goHome();
  setTimeout(() => page.reload(), Timing.RELOAD_AFTER_SWITCH_MS);
}
