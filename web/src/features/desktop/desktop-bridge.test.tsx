import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopVersion } from '@/generated/DesktopVersion';
import type { DesktopEnv } from '@/lib/desktop-env';
import { RealtimeClient } from '@/lib/realtime';
import { createStore } from '@/lib/store';
import type { SessionState } from '@/lib/session';
import { FakeSocket, pushFrame } from '@/testing/fake-socket';
import { userInfo } from '@/testing/fixtures';
import { act, envelope, mockFetch, render, renderHook, screen, userEvent, waitFor } from '@/testing/test-utils';
import { DesktopDownloadProgress } from './components/desktop-download-progress';
import { DesktopUpgradePrompt, UPGRADE_PROMPT_TEXT } from './components/desktop-upgrade-prompt';
import { browserAddress, DesktopBridge, fetchDesktopVersion, UPGRADE_REQUIRED_TEXT } from './desktop-bridge';
import {
  DONE_SHOWN_MS,
  desktopDownloads,
  forgetDesktopDownload,
  isDesktopDownloading,
  parseDesktopProgress,
  useDesktopDownloadRealtime,
} from './desktop-downloads';
import { DesktopLocalClient } from './local-client';

type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

let env: DesktopEnv | null;
let localFetch: ReturnType<typeof vi.fn<FetchFn>>;
let version: DesktopVersion;
let fetchVersion: ReturnType<typeof vi.fn<(current: string) => Promise<DesktopVersion>>>;
let session: ReturnType<typeof createStore<SessionState>>;
let warn: ReturnType<typeof vi.fn<(...data: unknown[]) => void>>;
let copyInBrowser: ReturnType<typeof vi.fn<(image: Blob) => Promise<'copied' | 'refused' | 'failed'>>>;

function bridge() {
  return new DesktopBridge({
    env: () => env,
    local: new DesktopLocalClient({ port: () => env?.port ?? null, fetch: localFetch as unknown as typeof fetch }),
    fetchVersion,
    session,
    copyInBrowser,
    logger: { warn },
  });
}

/** The local paths called, in order. */
const localCalls = () => localFetch.mock.calls.map(([url]) => new URL(url).pathname);

beforeEach(() => {
  env = { port: 5657, version: '2.0.0' };
  localFetch = vi.fn<FetchFn>(() => Promise.resolve(new Response('', { status: 200 })));
  version = {
    current: '2.0.0',
    latest: '3.1.0',
    minimum: '2.0.0',
    upgradeRequired: false,
    upgradeAvailable: true,
    downloadUrl: 'https://eduhub.example/desktop/EduHub-3.1.0.exe',
  };
  fetchVersion = vi.fn((current: string) => Promise.resolve({ ...version, current }));
  session = createStore<SessionState>({ user: null, menu: null, time: null, selection: null });
  warn = vi.fn();
  copyInBrowser = vi.fn(() => Promise.resolve('copied' as const));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  desktopDownloads.set(new Map());
});

describe('version check', () => {
  it('asks GET /api/desktop/version?current=<electronVersion>', async () => {
    const fetch = mockFetch([['GET', '/api/desktop/version', () => envelope({ ...version, current: '2.3.1' })]]);
    const answer = await fetchDesktopVersion('2.3.1');
    expect(fetch.mock.calls[0]![0]).toBe('/api/desktop/version?current=2.3.1');
    expect(answer.upgradeAvailable).toBe(true);
  });

  it('checks once per page, only in the desktop client', async () => {
    const b = bridge();
    await b.checkVersion();
    await b.checkVersion();
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    expect(fetchVersion).toHaveBeenCalledWith('2.0.0');
    expect(b.version.get()?.latest).toBe('3.1.0');
    env = null;
    expect(await bridge().checkVersion()).toBeNull();
    expect(fetchVersion).toHaveBeenCalledTimes(1);
  });

  it('says once at start that an old client must be upgraded', async () => {
    version = { ...version, upgradeRequired: true };
    render(<div />);
    const b = bridge();
    // Started twice (React's strict mode runs effects twice).
    b.start()();
    const stop = b.start();
    expect(await screen.findByText(UPGRADE_REQUIRED_TEXT)).toBeInTheDocument();
    expect(screen.getAllByText(UPGRADE_REQUIRED_TEXT)).toHaveLength(1);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    stop();
  });

  it('only logs a failed check', async () => {
    fetchVersion.mockRejectedValueOnce(new Error('offline'));
    const b = bridge();
    expect(await b.checkVersion()).toBeNull();
    expect(warn).toHaveBeenCalled();
    expect(b.prompt.get()).toBe(false);
  });
});

describe('login message', () => {
  it('is sent once on start when signed in, and again for another user', async () => {
    session.set((s) => ({ ...s, user: userInfo() }));
    const stop = bridge().start();
    await waitFor(() => expect(localCalls()).toEqual(['/loginMessage']));
    expect(new URL(localFetch.mock.calls[0]![0]).search).toBe('?email=teacher%40demo.eduhub&subject=1');
    session.set((s) => ({ ...s, menu: [] }));
    session.set((s) => ({ ...s, user: userInfo({ userEmail: 'other@demo.eduhub' }) }));
    await waitFor(() => expect(localCalls()).toEqual(['/loginMessage', '/loginMessage']));
    stop();
  });

  it('is sent again when the same user signs in again after a logout', async () => {
    session.set((s) => ({ ...s, user: userInfo() }));
    const b = bridge();
    const stop = b.start();
    await waitFor(() => expect(localCalls()).toEqual(['/loginMessage']));
    session.set((s) => ({ ...s, user: null }));
    session.set((s) => ({ ...s, user: userInfo() }));
    await waitFor(() => expect(localCalls()).toEqual(['/loginMessage', '/loginMessage']));
    // A session reset (logout, expiry) forgets it too, whoever signs in next.
    b.resetSession();
    await b.sendLoginMessage('teacher@demo.eduhub');
    expect(localCalls()).toEqual(['/loginMessage', '/loginMessage', '/loginMessage']);
    stop();
  });

  it('waits for the login when signed out', async () => {
    const stop = bridge().start();
    await Promise.resolve();
    expect(localFetch).not.toHaveBeenCalled();
    session.set((s) => ({ ...s, user: userInfo() }));
    await waitFor(() => expect(localCalls()).toEqual(['/loginMessage']));
    stop();
  });

  it('makes no local call and no check in a browser', async () => {
    env = null;
    session.set((s) => ({ ...s, user: userInfo() }));
    bridge().start()();
    await Promise.resolve();
    expect(localFetch).not.toHaveBeenCalled();
    expect(fetchVersion).not.toHaveBeenCalled();
  });
});

describe('copy image', () => {
  const image = new Blob(['png'], { type: 'image/png' });

  it('is refused with the upgrade prompt in a client older than the minimum', async () => {
    version = { ...version, upgradeRequired: true };
    const b = bridge();
    expect(await b.copyImage(image)).toBe('refused');
    expect(b.prompt.get()).toBe(true);
    expect(localFetch).not.toHaveBeenCalled();
  });

  it('hands the image to uploadImg in a current client', async () => {
    const b = bridge();
    expect(await b.copyImage(image)).toBe('copied');
    expect(localCalls()).toEqual(['/uploadImg']);
    expect(localFetch.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: image });
    expect(b.prompt.get()).toBe(false);
  });

  it('uses the clipboard of a browser', async () => {
    env = null;
    expect(await bridge().copyImage(image)).toBe('copied');
    expect(copyInBrowser).toHaveBeenCalledWith(image);
    expect(localFetch).not.toHaveBeenCalled();
  });

  it('shows the prompt with the address to open in a browser and the new version', async () => {
    version = { ...version, upgradeRequired: true };
    const b = bridge();
    render(<DesktopUpgradePrompt bridge={b} />);
    expect(screen.queryByText(UPGRADE_PROMPT_TEXT)).not.toBeInTheDocument();
    await act(() => b.copyImage(image));
    expect(await screen.findByText(UPGRADE_PROMPT_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '下载新版客户端' })).toHaveAttribute('href', version.downloadUrl);
    expect(screen.getByLabelText('浏览器访问地址')).toHaveValue(browserAddress());
  });

  it('gives the address without the desktop parameters', () => {
    expect(browserAddress('http://eduhub/main/home?electronPort=5657&electronVersion=1.0.0&tab=2')).toBe(
      'http://eduhub/main/home?tab=2',
    );
  });
});

describe('downloads', () => {
  const file = { downloadId: 42, url: 'http://eduhub/api/download/file/42?progress=1', fileName: 'a.pdf' };

  it('has the desktop client download and shows 0 % at once', async () => {
    const b = bridge();
    expect(await b.download(file)).toBe(true);
    expect(localCalls()).toEqual(['/dowmLoadId']);
    expect(b.isDownloading(42)).toBe(true);
  });

  it('answers false when the desktop client cannot (the page downloads instead)', async () => {
    localFetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const b = bridge();
    expect(await b.download(file)).toBe(false);
    expect(b.isDownloading(42)).toBe(false);
  });

  it('cancels with suspendedDownload and removes deleted tasks from the desktop list', async () => {
    const b = bridge();
    await b.download(file);
    expect(await b.cancelDownload(42)).toBe(true);
    expect(b.isDownloading(42)).toBe(false);
    await b.removeFromList(42);
    await b.closeChildWindows();
    expect(localCalls()).toEqual(['/dowmLoadId', '/suspendedDownload', '/deleteDowncenterList', '/choseChildrenWin']);
  });

  it('reads electron_download pushes into the progress of the task', () => {
    vi.useFakeTimers();
    FakeSocket.reset();
    const client = new RealtimeClient({
      createSocket: (url) => new FakeSocket(url),
      baseUrl: () => 'ws://host',
      storage: null,
      logger: { warn: vi.fn() },
    });
    renderHook(() => useDesktopDownloadRealtime(client));
    client.start('t@demo.eduhub');
    const socket = FakeSocket.last();
    socket.open();
    socket.receive(pushFrame('1', 'electron_download', { id: 42, value: { received: 512, total: 1024, percent: 50 } }));
    expect(desktopDownloads.get().get(42)).toEqual({ received: 512, total: 1024, percent: 50 });
    expect(isDesktopDownloading(42)).toBe(true);
    socket.receive(
      pushFrame('2', 'electron_download', { id: 42, value: { received: 1024, total: 1024, percent: 100 } }),
    );
    expect(isDesktopDownloading(42)).toBe(false);
    vi.advanceTimersByTime(DONE_SHOWN_MS);
    expect(desktopDownloads.get().has(42)).toBe(false);
    client.stop();
  });

  it('ignores malformed progress', () => {
    const content = { role: '', fileStatus: null, type: null, asyncMessage: null, time: 0 };
    expect(parseDesktopProgress({ ...content, id: null, value: { received: 1, total: 2, percent: 50 } })).toBeNull();
    expect(parseDesktopProgress({ ...content, id: 1, value: 'x' })).toBeNull();
    expect(parseDesktopProgress({ ...content, id: 1, value: { received: 1, total: 2 } })).toBeNull();
    expect(parseDesktopProgress({ ...content, id: 1, value: { received: 1, total: 2, percent: 49.6 } })).toEqual({
      id: 1,
      progress: { received: 1, total: 2, percent: 50 },
    });
  });

  it('shows the progress in the download centre with 取消', async () => {
    const b = bridge();
    desktopDownloads.set(new Map([[42, { received: 512, total: 1024, percent: 50 }]]));
    render(<DesktopDownloadProgress id={42} bridge={b} />);
    expect(screen.getByText(/客户端下载中 50%/)).toBeInTheDocument();
    expect(screen.getByLabelText('客户端下载进度 50%')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(localCalls()).toEqual(['/suspendedDownload']));
    await waitFor(() => expect(screen.queryByText(/客户端下载中/)).not.toBeInTheDocument());
    forgetDesktopDownload(42);
  });
});
