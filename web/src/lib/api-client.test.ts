import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '@/testing/test-utils';
import {
  api,
  ApiError,
  buildUrl,
  cancelPendingRequests,
  request,
  resetSessionExpired,
  retryAfterMs,
  SESSION_EXPIRED_TEXT,
  setSessionExpiredHandler,
  UNKNOWN_METHOD_TEXT,
} from './api-client';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

beforeEach(() => {
  show.mockClear();
  resetSessionExpired();
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('returns data of a code 1 envelope and sends cookies', async () => {
    const fetch = mockFetch([['GET', '/api/x', () => envelope({ a: 1 })]]);
    await expect(api.get('/api/x', { params: { q: 'v', skip: undefined } })).resolves.toEqual({ a: 1 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/x?q=v');
    expect(init?.credentials).toBe('include');
  });

  it('accepts account calls with status 1', async () => {
    mockFetch([
      ['POST', '/api/account', () => new Response(JSON.stringify({ code: 'ok', status: 1, msg: '', data: 7 }))],
    ]);
    await expect(api.post('/api/account/login/login', {})).resolves.toBe(7);
  });

  it('posts JSON bodies', async () => {
    const fetch = mockFetch([['POST', '/api/pub/user/select', () => envelope(null)]]);
    await api.post('/api/pub/user/select', { schoolId: 3 });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBe('{"schoolId":3}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('toasts the message of an error envelope for 5 s and rejects with its code', async () => {
    mockFetch([['GET', '/api/bad', () => envelope({ captchaRequired: true }, 'A0240', '请输入验证码', 400)]]);
    const error = await api.get('/api/bad').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('A0240');
    expect((error as ApiError).data).toEqual({ captchaRequired: true });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '请输入验证码', autoClose: 5000 }));
  });

  it('stays quiet when asked', async () => {
    mockFetch([['GET', '/api/bad', () => envelope(null, 'A0404', 'nope', 404)]]);
    await expect(api.get('/api/bad', { quiet: true })).rejects.toMatchObject({ code: 'A0404' });
    expect(show).not.toHaveBeenCalled();
  });

  it('reports non-envelope failures', async () => {
    mockFetch([['GET', '/api/html', () => new Response('<html>', { status: 502 })]]);
    await expect(api.get('/api/html')).rejects.toMatchObject({ code: 'HTTP_502', status: 502 });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '请求失败（502）' }));
  });

  it('handles A0201 once: toast, handler, no further toasts', async () => {
    mockFetch([['GET', '/api/pub', () => envelope(null, 'A0201', SESSION_EXPIRED_TEXT, 401)]]);
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    await Promise.allSettled([api.get('/api/pub/a'), api.get('/api/pub/b')]);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: SESSION_EXPIRED_TEXT }));
  });

  it('rejects unknown methods with request方法不存在', async () => {
    const fetch = mockFetch([]);
    await expect(request('PATCHY', '/api/x')).rejects.toMatchObject({ message: UNKNOWN_METHOD_TEXT });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: UNKNOWN_METHOD_TEXT, autoClose: 5000 }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('times out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
      ),
    );
    await expect(api.get('/api/slow', { timeoutMs: 10 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('builds query strings', () => {
    expect(buildUrl('/a', { x: 1, y: null })).toBe('/a?x=1');
    expect(buildUrl('/a?b=1', { e: 'a@b' })).toBe('/a?b=1&e=a%40b');
  });
});

/** The server's refusal when it has too many calls in progress. */
function busy(retryAfter: string | null = '1'): Response {
  const response = envelope(null, 'C0001', '服务繁忙，请稍后再试', 503);
  if (retryAfter !== null) response.headers.set('Retry-After', retryAfter);
  return response;
}

type Outcome =
  { settled: false } | { settled: true; ok: true; value: unknown } | { settled: true; ok: false; error: unknown };

/** Tracks a call's outcome without awaiting it (so fake time can be advanced meanwhile). */
function track(promise: Promise<unknown>): { current: Outcome } {
  const outcome: { current: Outcome } = { current: { settled: false } };
  promise.then(
    (value) => (outcome.current = { settled: true, ok: true, value }),
    (error: unknown) => (outcome.current = { settled: true, ok: false, error }),
  );
  return outcome;
}

/** Advances fake time in small steps until the call settles (at most `limitMs` of fake time). */
async function runUntilSettled(outcome: { current: Outcome }, limitMs = 30_000): Promise<Outcome> {
  for (let t = 0; !outcome.current.settled && t < limitMs; t += 50) await vi.advanceTimersByTimeAsync(50);
  return outcome.current;
}

describe('api client, busy server (503 with Retry-After)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cancelPendingRequests();
    vi.useRealTimers();
  });

  it('reads Retry-After as whole seconds clamped to 0.2–5 s, else 1 s', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(' 3 ')).toBe(3000);
    expect(retryAfterMs('0')).toBe(200);
    expect(retryAfterMs('120')).toBe(5000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT')).toBe(1000);
    expect(retryAfterMs('1.5')).toBe(1000);
    expect(retryAfterMs('-1')).toBe(1000);
    expect(retryAfterMs('')).toBe(1000);
  });

  it('waits Retry-After and sends again, without a toast', async () => {
    let calls = 0;
    const fetch = mockFetch([['GET', '/api/x', () => (++calls === 1 ? busy('1') : envelope({ a: 1 }))]]);
    const outcome = track(api.get('/api/x'));
    for (let t = 0; t < 500; t += 50) await vi.advanceTimersByTimeAsync(50);
    // Still waiting the second asked for.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(outcome.current.settled).toBe(false);
    expect(await runUntilSettled(outcome)).toEqual({ settled: true, ok: true, value: { a: 1 } });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(show).not.toHaveBeenCalled();
  });

  it('gives up after three refused attempts (POST too) and fails as any call does', async () => {
    const fetch = mockFetch([['POST', '/api/y', () => busy('0')]]);
    const outcome = await runUntilSettled(track(api.post('/api/y', { n: 1 })));
    expect(outcome).toMatchObject({ settled: true, ok: false, error: { code: 'C0001', status: 503 } });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls.map(([, init]) => init?.body)).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '服务繁忙，请稍后再试' }));
  });

  it('does not retry a 503 without Retry-After', async () => {
    const fetch = mockFetch([['GET', '/api/ai', () => busy(null)]]);
    const outcome = await runUntilSettled(track(api.get('/api/ai')));
    expect(outcome).toMatchObject({ settled: true, ok: false, error: { code: 'C0001', status: 503 } });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('stops waiting at once when the caller aborts, and does not send again', async () => {
    const fetch = mockFetch([['GET', '/api/x', () => busy('5')]]);
    const caller = new AbortController();
    const outcome = track(api.get('/api/x', { signal: caller.signal }));
    for (let t = 0; t < 1000; t += 50) await vi.advanceTimersByTimeAsync(50);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(outcome.current.settled).toBe(false);
    caller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.current).toMatchObject({ settled: true, ok: false, error: { name: 'ApiError', status: 0 } });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(show).not.toHaveBeenCalled();
  });

  it('stops waiting when the calls are cancelled or the call times out', async () => {
    const fetch = mockFetch([['GET', '/api/x', () => busy('5')]]);
    const cancelled = track(api.get('/api/x'));
    for (let t = 0; t < 1000; t += 50) await vi.advanceTimersByTimeAsync(50);
    cancelPendingRequests();
    await vi.advanceTimersByTimeAsync(0);
    expect(cancelled.current).toMatchObject({ settled: true, ok: false, error: { code: 'CANCELLED' } });

    const timedOut = await runUntilSettled(track(api.get('/api/x', { timeoutMs: 2000 })));
    expect(timedOut).toMatchObject({ settled: true, ok: false, error: { code: 'TIMEOUT' } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
