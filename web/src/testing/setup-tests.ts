import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, vi } from 'vitest';
import { queryClient } from '@/lib/react-query';
import { resetStores } from '@/lib/store';

// The machine is shared with Rust builds: give async queries room.
configure({ asyncUtilTimeout: 4000 });

// happy-dom lacks these browser APIs that Mantine uses.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => getComputedStyle(elt);
window.HTMLElement.prototype.scrollIntoView = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    // No feature query matches (light scheme, motion allowed); the empty query matches every
    // device, as in browsers (mantine-datatable shows a column without `visibleMediaQuery` so).
    matches: query === '',
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

// The app's page is in standards mode (<!doctype html>); happy-dom leaves `compatMode` unset,
// which KaTeX takes for quirks mode and refuses to render formulas.
if (!document.compatMode) Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat' });

class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver;

// A test file starts with the app's stores, its API client (calls in flight, the expired-session
// latch and handler) and the desktop launch as a fresh page has them, as when each file had its
// own modules.
// Imported here, not at the top: a file that mocks what the client imports (vi.mock) must get the
// client wired to its mocks.
beforeAll(async () => {
  resetStores();
  (await import('@/lib/api-client')).resetApiClient();
  (await import('@/lib/desktop-env')).resetDesktopEnv();
});

afterEach(() => {
  cleanup();
  // The notification store outlives a test file (workers keep their modules): nothing shown or
  // queued is left for the next test.
  notifications.clean();
  // The app's own query cache (read by the session loaders) starts empty in every test.
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
});
