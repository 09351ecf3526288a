import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DesktopLocalCall } from '@/generated/codes';
import { DesktopCallError, DesktopLocalClient, type LocalCallName, timeoutOf } from './local-client';

type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

let fetchFn: ReturnType<typeof vi.fn<FetchFn>>;
let port: number | null;

function client() {
  return new DesktopLocalClient({ port: () => port, fetch: fetchFn as unknown as typeof fetch });
}

/** A fetch that answers only when aborted (a desktop client that never replies). */
function hanging(): FetchFn {
  return (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
}

beforeEach(() => {
  port = 5657;
  fetchFn = vi.fn<FetchFn>(() => Promise.resolve(new Response('{"code":"1"}', { status: 200 })));
});
afterEach(() => vi.useRealTimers());

describe('DesktopLocalClient', () => {
  it('calls http://127.0.0.1:{port}{path} of each entry of the table, with its method', async () => {
    const c = client();
    const names = Object.keys(DesktopLocalCall) as LocalCallName[];
    for (const name of names) await c.call(name);
    expect(fetchFn.mock.calls.map(([url, init]) => [url, init?.method])).toEqual(
      names.map((n) => [`http://127.0.0.1:5657${DesktopLocalCall[n].path}`, DesktopLocalCall[n].method]),
    );
    expect(fetchFn.mock.calls.every(([, init]) => init?.credentials === 'omit')).toBe(true);
    expect(DesktopLocalCall.uploadImg.method).toBe('POST');
  });

  it('sends the parameters of each call', async () => {
    port = 6001;
    const c = client();
    await c.loginMessage('t@demo.eduhub');
    await c.suspendDownload(42);
    await c.deleteFromList(42);
    await c.openFileDirectory(42);
    await c.openMyFileDirectory();
    await c.closeChildWindows();
    await c.download({ downloadId: 42, url: 'http://eduhub/api/download/file/42?progress=1', fileName: '试卷.pdf' });
    expect(fetchFn.mock.calls.map(([url]) => url)).toEqual([
      'http://127.0.0.1:6001/loginMessage?email=t%40demo.eduhub&subject=1',
      'http://127.0.0.1:6001/suspendedDownload?downloadId=42',
      'http://127.0.0.1:6001/deleteDowncenterList?downloadId=42',
      'http://127.0.0.1:6001/openFileDirectory?downloadId=42',
      'http://127.0.0.1:6001/openMyFileDirectory',
      'http://127.0.0.1:6001/choseChildrenWin',
      'http://127.0.0.1:6001/dowmLoadId?downloadId=42&url=http%3A%2F%2Feduhub%2Fapi%2Fdownload%2Ffile%2F42%3Fprogress%3D1&fileName=%E8%AF%95%E5%8D%B7.pdf',
    ]);
  });

  it('POSTs the image to uploadImg', async () => {
    const image = new Blob(['png-bytes'], { type: 'image/png' });
    await client().uploadImage(image);
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:5657/uploadImg');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(image);
  });

  it('gives suspendedDownload 6000 ms', async () => {
    expect(timeoutOf('suspendedDownload')).toBe(6000);
    vi.useFakeTimers();
    fetchFn.mockImplementation(hanging());
    const call = client().suspendDownload(7);
    const failed = expect(call).rejects.toMatchObject({ name: 'DesktopCallError', reason: 'timeout' });
    await vi.advanceTimersByTimeAsync(5999);
    expect(fetchFn.mock.calls[0]![1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
  });

  it('gives the other calls 10 s', async () => {
    vi.useFakeTimers();
    fetchFn.mockImplementation(hanging());
    const call = client().deleteFromList(7);
    const failed = expect(call).rejects.toMatchObject({ reason: 'timeout', call: 'deleteDowncenterList' });
    await vi.advanceTimersByTimeAsync(9999);
    expect(fetchFn.mock.calls[0]![1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
  });

  it('rejects a non-2xx answer and a missing service', async () => {
    fetchFn.mockResolvedValueOnce(new Response('nope', { status: 500 }));
    await expect(client().openMyFileDirectory()).rejects.toMatchObject({ reason: 'http', status: 500 });
    fetchFn.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(client().openMyFileDirectory()).rejects.toBeInstanceOf(DesktopCallError);
  });

  it('makes no call outside the desktop client', async () => {
    port = null;
    expect(client().url('loginMessage')).toBeNull();
    await expect(client().loginMessage('t@demo.eduhub')).rejects.toBeInstanceOf(DesktopCallError);
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('answers JSON as JSON and other text as text', async () => {
    expect(await client().openMyFileDirectory()).toEqual({ code: '1' });
    fetchFn.mockResolvedValueOnce(new Response('ok', { status: 200 }));
    expect(await client().openMyFileDirectory()).toBe('ok');
  });
});
