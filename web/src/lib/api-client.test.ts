import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '@/testing/test-utils';
import {
  api,
  ApiError,
  buildUrl,
  request,
  resetSessionExpired,
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
