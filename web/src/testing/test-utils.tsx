import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  render as testingRender,
  renderHook as testingRenderHook,
  type RenderHookOptions,
  type RenderOptions,
} from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { type Mock, vi } from 'vitest';
import type { ApiEnvelope } from '@/generated/ApiEnvelope';
import { createQueryClient } from '@/lib/react-query';
import { theme } from '@/theme';

export * from '@testing-library/react';
export { default as userEvent } from '@testing-library/user-event';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  /** Wrap in a MemoryRouter at these entries (for components that link or navigate). */
  route?: string;
  /** The query cache to render with (a fresh one by default). */
  queryClient?: QueryClient;
}

/** A query cache for one test: the app's settings, nothing shared between tests. */
export function createTestQueryClient(): QueryClient {
  return createQueryClient();
}

/** Mantine without transitions and portals, as its testing guide recommends, over a query cache. */
export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

/**
 * Renders inside the providers (and a data router at `route` when given). The result carries
 * the query cache used, to seed or inspect server state.
 */
export function render(ui: ReactElement, { route, queryClient = createTestQueryClient(), ...options }: Options = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders queryClient={queryClient}>{children}</TestProviders>
  );
  const element = route ? (
    <RouterProvider router={createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] })} />
  ) : (
    ui
  );
  return { ...testingRender(element, { wrapper, ...options }), queryClient };
}

/** Runs a hook inside the providers; the result carries the query cache used. */
export function renderHook<Result, Props>(
  hook: (props: Props) => Result,
  {
    queryClient = createTestQueryClient(),
    ...options
  }: Omit<RenderHookOptions<Props>, 'wrapper'> & {
    queryClient?: QueryClient;
  } = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders queryClient={queryClient}>{children}</TestProviders>
  );
  return { ...testingRenderHook(hook, { wrapper, ...options }), queryClient };
}

/** A JSON envelope response for mocked fetch. */
export function envelope(data: unknown, code = '1', msg = 'ok', status = 200): Response {
  const body: ApiEnvelope<unknown> = { code, msg, data };
  return new Response(JSON.stringify(body), {
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
