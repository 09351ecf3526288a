import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render as testingRender, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { type Mock, vi } from 'vitest';
import { theme } from '@/theme';

export * from '@testing-library/react';
export { default as userEvent } from '@testing-library/user-event';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  /** Wrap in a MemoryRouter at these entries (for components that link or navigate). */
  route?: string;
}

/** Mantine without transitions and portals, as its testing guide recommends. */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      <Notifications />
      {children}
    </MantineProvider>
  );
}

/** Renders inside MantineProvider (and a data router at `route` when given). */
export function render(ui: ReactElement, { route, ...options }: Options = {}) {
  if (route) {
    const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
    return testingRender(<RouterProvider router={router} />, { wrapper: TestProviders, ...options });
  }
  return testingRender(ui, { wrapper: TestProviders, ...options });
}

/** A JSON envelope response for mocked fetch. */
export function envelope(data: unknown, code = '1', msg = 'ok', status = 200): Response {
  return new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Route = [
  method: string,
  pathPrefix: string,
  respond: (url: URL, init?: RequestInit) => Response | Promise<Response>,
];

/** The app calls fetch with a URL string (the API client and file downloads). */
export type FetchMock = Mock<(input: string, init?: RequestInit) => Promise<Response>>;

/**
 * Mocks global fetch with a small route table (first match by method and path prefix wins);
 * unmatched calls answer A0404. Returns the mock for call assertions.
 */
export function mockFetch(routes: Route[]): FetchMock {
  const mock: FetchMock = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const match = routes.find(([m, p]) => m === method && url.pathname.startsWith(p));
    return Promise.resolve(match ? match[2](url, init) : envelope(null, 'A0404', 'not found', 404));
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The JSON body of a request ({} without one). */
export function jsonBody(init?: RequestInit): Record<string, unknown> {
  const body = init?.body;
  if (typeof body !== 'string') return {};
  return JSON.parse(body) as Record<string, unknown>;
}

/** The JSON bodies of the calls to exactly `path`, in order. */
export function bodiesOf(fetch: FetchMock, path: string): Record<string, unknown>[] {
  return fetch.mock.calls.filter(([u]) => u === path).map(([, init]) => jsonBody(init));
}

/** The URLs called, in order. */
export function urlsOf(fetch: FetchMock): string[] {
  return fetch.mock.calls.map(([u]) => u);
}
