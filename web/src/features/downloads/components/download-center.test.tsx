import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadTask } from '@/lib/wire-types';
import { envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { EXPORT_OVER_LIMIT_TEXT, resetDownloads } from '../downloads-store';
import { DownloadCenter } from './download-center';
import { connectedClient, task } from './test-helpers';

beforeEach(() => resetDownloads());
afterEach(() => vi.unstubAllGlobals());

const bodyOf = (init?: RequestInit) => JSON.parse((init?.body as string | undefined) ?? '{}');

describe('DownloadCenter', () => {
  it('pages the history with the larger page size and updates rows from pushes', async () => {
    const all: DownloadTask[] = Array.from({ length: 25 }, (_, i) => task(25 - i, i === 0 ? 2 : 4));
    const fetch = mockFetch([
      [
        'POST',
        '/api/download/downloadList',
        (_url, init) => {
          const { pageNo, pageSize } = bodyOf(init);
          const records = all.slice((pageNo - 1) * pageSize, pageNo * pageSize);
          return envelope({ records, total: all.length, pageNo, pageSize });
        },
      ],
    ]);
    const { client, socket } = connectedClient();
    render(<DownloadCenter client={client} />, { route: '/downloadCenter' });
    const table = await screen.findByRole('table', { name: '下载记录' });
    await within(table).findByRole('row', { name: '通知列表25.xlsx' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(bodyOf(fetch.mock.calls[0]![1])).toEqual({ pageNo: 1, pageSize: 20 });
    expect(screen.getByText('共 25 条')).toBeInTheDocument();

    socket.push(1, { id: 25, fileStatus: 5, value: { fileName: '通知列表25.xlsx', queueCount: 0, doneCount: 0, error: '磁盘已满' } });
    const row = within(table).getByRole('row', { name: '通知列表25.xlsx' });
    expect(await within(row).findByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(row).toHaveAttribute('data-status', '5');
    expect(within(row).getAllByText('重试')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await within(table).findByRole('row', { name: '通知列表5.xlsx' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
  });

  it('submits an export of the notices and warns when the server says it is over the limit', async () => {
    let overLimit = false;
    const fetch = mockFetch([
      ['POST', '/api/download/downloadList', () => envelope({ records: [], total: 0, pageNo: 1, pageSize: 20 })],
      [
        'POST',
        '/api/producer_api/submitExcelTask',
        () => (overLimit ? envelope(null, 'A0400', EXPORT_OVER_LIMIT_TEXT, 400) : envelope({ queueCount: 1 })),
      ],
    ]);
    const { client } = connectedClient();
    render(<DownloadCenter client={client} />, { route: '/downloadCenter' });
    expect(await screen.findByText('暂无下载记录')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: '导出通知列表' });
    await userEvent.click(button);
    expect(await screen.findByText('已加入到下载队列')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: '1 个文件生成中' })).toBeInTheDocument();
    const call = fetch.mock.calls.find(([u]) => String(u) === '/api/producer_api/submitExcelTask')!;
    expect(bodyOf(call[1])).toEqual({ fileType: 3, excelType: 'notices', businessName: '通知列表', reqParams: {} });

    // The click guard holds the button for 2000 ms.
    expect(button).toBeDisabled();
    overLimit = true;
    await waitFor(() => expect(button).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(button);
    expect(await screen.findByText(EXPORT_OVER_LIMIT_TEXT)).toBeInTheDocument();
  });
});
