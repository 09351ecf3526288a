// The download centre inside the desktop client: downloads through it, its progress pushes,
// cancelling, its folders and its own list.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { desktopDownloads } from '@/features/desktop/desktop-downloads';
import { captureDesktopLaunch, resetDesktopEnv } from '@/lib/desktop-env';
import { connectedClient } from '@/testing/fake-socket';
import { envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { useDesktopDownloadRealtime } from '@/features/desktop/desktop-downloads';
import type { RealtimeClient } from '@/lib/realtime';
import type { ReactNode } from 'react';
import { resetClickThrottle } from '../hooks/use-task-click';
import { DownloadCenter } from './download-center';
import { task } from './test-helpers';

const LOCAL = 'http://127.0.0.1:6001';

function WithDesktopPushes({ client, children }: { client: RealtimeClient; children: ReactNode }) {
  useDesktopDownloadRealtime(client);
  return children;
}

/** The calls to the desktop client's local service, as paths with their queries. */
function localCalls(fetch: ReturnType<typeof mockFetch>): string[] {
  return fetch.mock.calls
    .map(([u]) => u)
    .filter((u) => u.startsWith(LOCAL))
    .map((u) => u.slice(LOCAL.length));
}

function routes(desktopUp = true) {
  const local = () =>
    desktopUp ? new Response('', { status: 200 }) : Promise.reject(new TypeError('Failed to fetch'));
  return mockFetch([
    [
      'POST',
      '/api/download/downloadList',
      () => envelope({ records: [task(3, 3), task(7, 4)], total: 2, pageNo: 1, pageSize: 20 }),
    ],
    ['POST', '/api/download/deleteTask', () => envelope(true)],
    ['GET', '/api/download/file/3', () => new Response(new Uint8Array(2048))],
    ...['/dowmLoadId', '/suspendedDownload', '/deleteDowncenterList', '/openFileDirectory', '/openMyFileDirectory'].map(
      (path) => ['GET', path, local] as [string, string, () => Response | Promise<Response>],
    ),
  ]);
}

beforeEach(() => {
  resetClickThrottle();
  resetDesktopEnv();
  captureDesktopLaunch('?electronPort=6001&electronVersion=3.0.0', sessionStorage, '');
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetDesktopEnv();
  desktopDownloads.set(new Map());
});

describe('DownloadCenter in the desktop client', () => {
  it('has the desktop client download the file and shows its progress pushes', async () => {
    const fetch = routes();
    const { client, socket } = connectedClient();
    render(
      <WithDesktopPushes client={client}>
        <DownloadCenter />
      </WithDesktopPushes>,
      { route: '/downloadCenter' },
    );
    const row = await screen.findByRole('row', { name: '通知列表3.xlsx' });
    await userEvent.click(within(row).getByRole('button', { name: '下载' }));
    await waitFor(() => expect(localCalls(fetch)).toHaveLength(1));
    const call = new URL(`${LOCAL}${localCalls(fetch)[0]!}`);
    expect(call.pathname).toBe('/dowmLoadId');
    expect(call.searchParams.get('downloadId')).toBe('3');
    expect(call.searchParams.get('url')).toBe(`${window.location.origin}/api/download/file/3?progress=1`);
    expect(call.searchParams.get('fileName')).toBe('通知列表3.xlsx');
    // The page does not fetch the file itself.
    expect(fetch.mock.calls.some(([u]) => u === '/api/download/file/3')).toBe(false);
    expect(await within(row).findByText(/客户端下载中 0%/)).toBeInTheDocument();

    socket.push(1, 'electron_download', { id: 3, value: { received: 1024, total: 2048, percent: 50 } });
    expect(await within(row).findByRole('progressbar', { name: '客户端下载进度 50%' })).toBeInTheDocument();

    // A second click while it runs is refused.
    await userEvent.click(within(row).getByRole('button', { name: '下载' }));
    expect(localCalls(fetch)).toHaveLength(1);

    await userEvent.click(within(row).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(localCalls(fetch).at(-1)).toBe('/suspendedDownload?downloadId=3'));
    await waitFor(() => expect(within(row).queryByText(/客户端下载中/)).not.toBeInTheDocument());
  });

  it('downloads in the page when the desktop client does not answer', async () => {
    const fetch = routes(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<DownloadCenter />, { route: '/downloadCenter' });
    const row = await screen.findByRole('row', { name: '通知列表3.xlsx' });
    await userEvent.click(within(row).getByRole('button', { name: '下载' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls.some(([u]) => u === '/api/download/file/3')).toBe(true);
    expect(warn).toHaveBeenCalledWith('desktop download failed', expect.anything());
    saved.mockRestore();
    warn.mockRestore();
  });

  it('opens the folders and removes deleted tasks from the desktop list', async () => {
    const fetch = routes();
    render(<DownloadCenter />, { route: '/downloadCenter' });
    const row = await screen.findByRole('row', { name: '通知列表7.xlsx' });
    await userEvent.click(within(row).getByRole('button', { name: '打开文件夹' }));
    await userEvent.click(screen.getByRole('button', { name: '打开下载目录' }));
    await userEvent.click(within(row).getByRole('button', { name: '删除 通知列表7.xlsx' }));
    await waitFor(() =>
      expect(localCalls(fetch)).toEqual([
        '/openFileDirectory?downloadId=7',
        '/openMyFileDirectory',
        '/deleteDowncenterList?downloadId=7',
      ]),
    );
  });

  it('shows none of it in a browser', async () => {
    resetDesktopEnv();
    sessionStorage.clear();
    captureDesktopLaunch('', sessionStorage, '');
    routes();
    render(<DownloadCenter />, { route: '/downloadCenter' });
    const row = await screen.findByRole('row', { name: '通知列表7.xlsx' });
    expect(within(row).queryByRole('button', { name: '打开文件夹' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '打开下载目录' })).not.toBeInTheDocument();
  });
});
