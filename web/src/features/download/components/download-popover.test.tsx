import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadTask } from '@/generated/DownloadTask';
import {
  act,
  createTestQueryClient,
  envelope,
  mockFetch,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { downloadKeys } from '../api/download-keys';
import { resetClickThrottle } from '../hooks/use-task-click';
import { DownloadPopover } from './download-popover';
import { connectedClient } from '@/testing/fake-socket';
import { progressPush, task, WithDownloadPushes } from './test-helpers';

const page = (records: DownloadTask[]) => envelope({ records, total: records.length, pageNo: 1, pageSize: 5 });

beforeEach(() => resetClickThrottle());
afterEach(() => vi.unstubAllGlobals());

describe('DownloadPopover', () => {
  it('shows the empty state and the link to the download centre', async () => {
    const { client } = connectedClient();
    mockFetch([
      ['POST', '/api/download/downloadList', () => page([])],
      ['POST', '/api/producer_api/queryRemainingCount', () => envelope({ queueCount: 0 })],
    ]);
    render(
      <WithDownloadPushes client={client}>
        <DownloadPopover />
      </WithDownloadPushes>,
      { route: '/main/home' },
    );
    await userEvent.click(screen.getByRole('button', { name: '下载列表' }));
    expect(await screen.findByText('暂无下载记录')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '更多下载记录' })).toHaveAttribute('href', '/downloadCenter');
  });

  it('caps the badge at 99+', () => {
    const { client } = connectedClient();
    mockFetch([]);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(downloadKeys.counts(), { queueCount: 100, doneCount: 20 });
    render(
      <WithDownloadPushes client={client}>
        <DownloadPopover />
      </WithDownloadPushes>,
      { route: '/main/home', queryClient },
    );
    expect(screen.getByRole('button', { name: '下载列表（99+）' })).toBeInTheDocument();
  });

  it('follows pushes live without polling downloadCheck', async () => {
    const { client, socket } = connectedClient();
    let records = [task(1, 4)];
    const fetch = mockFetch([
      ['POST', '/api/download/downloadList', () => page(records)],
      ['POST', '/api/producer_api/queryRemainingCount', () => envelope({ queueCount: 0 })],
    ]);
    render(
      <WithDownloadPushes client={client}>
        <DownloadPopover />
      </WithDownloadPushes>,
      { route: '/main/home' },
    );
    await userEvent.click(screen.getByRole('button', { name: '下载列表' }));
    const list = await screen.findByRole('list', { name: '最近下载' });
    expect(within(list).getByText('已下载')).toBeInTheDocument();
    expect(within(list).getByText('2KB · 2026-11-22 10:30')).toBeInTheDocument();

    // A new export: the list is read again and the queue animation runs.
    records = [task(2, 1), task(1, 4)];
    socket.push(101, 'magic_001', {
      id: 2,
      fileStatus: 1,
      value: { fileName: '通知列表2.xlsx', queueCount: 1, doneCount: 0, error: '' },
    });
    expect(await within(list).findByText('等待生成')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '1 个文件生成中' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载列表（1）' })).toBeInTheDocument();

    // Generating, in place.
    socket.push(102, 'magic_001', {
      id: 2,
      fileStatus: 2,
      value: { fileName: '通知列表2.xlsx', queueCount: 1, doneCount: 0, error: '' },
    });
    expect(await within(list).findByText('生成中')).toBeInTheDocument();

    // How far the export is, on its row: a progress report is no status change, nothing is read again.
    const listReads = () => fetch.mock.calls.filter(([u]) => u === '/api/download/downloadList').length;
    const readsBefore = listReads();
    socket.push(103, 'magic_001', progressPush(2, 40));
    expect(await within(list).findByText('生成中 40%')).toBeInTheDocument();
    expect(within(list).getByRole('progressbar', { name: '生成进度 40%' })).toBeInTheDocument();
    socket.push(104, 'magic_001', progressPush(2, 70));
    expect(await within(list).findByText('生成中 70%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载列表（1）' })).toBeInTheDocument();
    expect(listReads()).toBe(readsBefore);

    // Ready: the message, the badge counts the ready file, the animation stops.
    records = [task(2, 3), task(1, 4)];
    socket.push(105, 'magic_001', {
      id: 2,
      fileStatus: 3,
      value: { fileName: '通知列表2.xlsx', queueCount: 0, doneCount: 1, error: '' },
    });
    expect(await screen.findByText('文件生成完成')).toBeInTheDocument();
    expect(await within(list).findByText('可下载')).toBeInTheDocument();
    expect(within(list).queryByRole('progressbar', { name: /生成进度/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: /生成中/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '下载列表（1）' })).toBeInTheDocument();

    // Deleted.
    records = [task(1, 4)];
    socket.push(106, 'magic_001', { id: 2, fileStatus: null, value: { queueCount: 0, doneCount: 0 } });
    await waitFor(() => expect(within(list).queryByText('可下载')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '下载列表' })).toBeInTheDocument();

    expect(fetch.mock.calls.some(([u]) => u.includes('downloadCheck'))).toBe(false);
    expect(socket.acks()).toEqual(['101', '102', '103', '104', '105', '106']);
  });

  it('retries a failed task on click and deletes a task', async () => {
    const { client } = connectedClient();
    let records = [task(3, 5, { error: '导出失败' }), task(4, 4)];
    const fetch = mockFetch([
      ['POST', '/api/download/downloadList', () => page(records)],
      ['POST', '/api/producer_api/queryRemainingCount', () => envelope({ queueCount: 0 })],
      [
        'POST',
        '/api/download/reDownload',
        () => {
          records = [task(3, 2), task(4, 4)];
          return envelope({ queueCount: 1 });
        },
      ],
      [
        'POST',
        '/api/download/deleteTask',
        () => {
          records = records.filter((t) => t.id !== 4);
          return envelope(true);
        },
      ],
    ]);
    render(
      <WithDownloadPushes client={client}>
        <DownloadPopover />
      </WithDownloadPushes>,
      { route: '/main/home' },
    );
    await userEvent.click(screen.getByRole('button', { name: '下载列表' }));
    const list = await screen.findByRole('list', { name: '最近下载' });
    await userEvent.click(await within(list).findByText('重试'));
    expect(await screen.findByText('已加入到下载队列')).toBeInTheDocument();
    expect(await within(list).findByText('生成中')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: '删除 通知列表4.xlsx' }));
    await waitFor(() => expect(within(list).queryByText('已下载')).not.toBeInTheDocument());
    const calls = fetch.mock.calls.map(([u, init]) => [u, init?.body]);
    expect(calls).toContainEqual(['/api/download/reDownload', JSON.stringify({ id: 3 })]);
    expect(calls).toContainEqual(['/api/download/deleteTask', JSON.stringify({ id: 4 })]);
  });

  it('polls downloadCheck every 3 s only while the socket is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { client, socket } = connectedClient();
      const fetch = mockFetch([
        ['POST', '/api/download/downloadList', () => page([task(5, 2)])],
        ['POST', '/api/producer_api/queryRemainingCount', () => envelope({ queueCount: 1 })],
        ['POST', '/api/download/downloadCheck', () => envelope({ queueCount: 1, doneCount: 0 })],
      ]);
      render(
        <WithDownloadPushes client={client}>
          <DownloadPopover />
        </WithDownloadPushes>,
        { route: '/main/home' },
      );
      await screen.findByRole('button', { name: '下载列表（1）' });
      await act(() => vi.advanceTimersByTimeAsync(7_000));
      const checks = () => fetch.mock.calls.filter(([u]) => u.includes('downloadCheck')).length;
      expect(checks()).toBe(0);
      act(() => socket.drop());
      await act(() => vi.advanceTimersByTimeAsync(3_100));
      expect(checks()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
