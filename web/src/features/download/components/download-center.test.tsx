import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadListRequest } from '@/generated/DownloadListRequest';
import type { DownloadTask } from '@/generated/DownloadTask';
import {
  bodiesOf,
  envelope,
  fireEvent,
  jsonBody,
  mockFetch,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { EXPORT_OVER_LIMIT_TEXT } from '../download-rules';
import { resetClickThrottle } from '../hooks/use-task-click';
import { DownloadCenter } from './download-center';
import { connectedClient } from '@/testing/fake-socket';
import { progressPush, task, WithDownloadPushes } from './test-helpers';

beforeEach(() => resetClickThrottle());
afterEach(() => vi.unstubAllGlobals());

const bodyOf = (init?: RequestInit) => jsonBody(init);
const listRequestOf = (init?: RequestInit) =>
  jsonBody(init) as DownloadListRequest & { pageNo: number; pageSize: number };

describe('DownloadCenter', () => {
  it('pages the history with the larger page size and updates rows from pushes', async () => {
    const all: DownloadTask[] = Array.from({ length: 25 }, (_, i) => task(25 - i, i === 0 ? 2 : 4));
    const fetch = mockFetch([
      [
        'POST',
        '/api/download/downloadList',
        (_url, init) => {
          const { pageNo, pageSize } = listRequestOf(init);
          const records = all.slice((pageNo - 1) * pageSize, pageNo * pageSize);
          return envelope({ records, total: all.length, pageNo, pageSize });
        },
      ],
    ]);
    const { client, socket } = connectedClient();
    render(
      <WithDownloadPushes client={client}>
        <DownloadCenter />
      </WithDownloadPushes>,
      { route: '/downloadCenter' },
    );
    const table = await screen.findByRole('table', { name: '下载记录' });
    await within(table).findByRole('row', { name: '通知列表25.xlsx' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(bodiesOf(fetch, '/api/download/downloadList')[0]).toEqual({ pageNo: 1, pageSize: 20 });
    expect(screen.getByText('共 25 条')).toBeInTheDocument();

    // The export generating reports how far it is; nothing is read again.
    const listReads = bodiesOf(fetch, '/api/download/downloadList').length;
    socket.push(1, 'magic_001', progressPush(25, 30));
    const generating = within(table).getByRole('row', { name: '通知列表25.xlsx' });
    expect(await within(generating).findByText('生成中 30%')).toBeInTheDocument();
    expect(within(generating).getByRole('progressbar', { name: '生成进度 30%' })).toBeInTheDocument();
    expect(generating).toHaveAttribute('data-status', '2');
    expect(bodiesOf(fetch, '/api/download/downloadList')).toHaveLength(listReads);

    socket.push(2, 'magic_001', {
      id: 25,
      fileStatus: 5,
      value: { fileName: '通知列表25.xlsx', queueCount: 0, doneCount: 0, error: '磁盘已满' },
    });
    const row = within(table).getByRole('row', { name: '通知列表25.xlsx' });
    expect(await within(row).findByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(row).toHaveAttribute('data-status', '5');
    expect(within(row).getAllByText('重试')).toHaveLength(2);
    expect(within(row).queryByRole('progressbar')).not.toBeInTheDocument();

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
    render(
      <WithDownloadPushes client={client}>
        <DownloadCenter />
      </WithDownloadPushes>,
      { route: '/downloadCenter' },
    );
    expect(await screen.findByText('暂无下载记录')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: '导出通知列表' });
    await userEvent.click(button);
    expect(await screen.findByText('已加入到下载队列')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: '1 个文件生成中' })).toBeInTheDocument();
    const call = fetch.mock.calls.find(([u]) => u === '/api/producer_api/submitExcelTask')!;
    expect(bodyOf(call[1])).toEqual({ fileType: 3, excelType: 'notices', businessName: '通知列表', reqParams: {} });

    // The click guard holds the button for 2000 ms.
    expect(button).toBeDisabled();
    overLimit = true;
    await waitFor(() => expect(button).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(button);
    expect(await screen.findByText(EXPORT_OVER_LIMIT_TEXT)).toBeInTheDocument();
  });

  /** A downloadList that pages and filters `all` like the server; every body is recorded. */
  function listServer(all: DownloadTask[]) {
    const bodies: Record<string, unknown>[] = [];
    const fetch = mockFetch([
      [
        'POST',
        '/api/download/downloadList',
        (_url, init) => {
          const body = listRequestOf(init);
          bodies.push(jsonBody(init));
          const { pageNo, pageSize, keyword, fileStatus } = body;
          const matching = all.filter(
            (t) =>
              (!keyword || t.fileName.includes(keyword)) && (!fileStatus?.length || fileStatus.includes(t.fileStatus)),
          );
          return envelope({
            records: matching.slice((pageNo - 1) * pageSize, pageNo * pageSize),
            total: matching.length,
            pageNo,
            pageSize,
          });
        },
      ],
      ['POST', '/api/producer_api/submitExcelTask', () => envelope({ queueCount: 1 })],
    ]);
    return { fetch, bodies };
  }

  const rowNames = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .filter((r) => r.hasAttribute('data-task-id'))
      .map((r) => r.getAttribute('aria-label'));

  it('filters by file name and status from page 1 and exports the download history with the same filters', async () => {
    const all: DownloadTask[] = [
      ...Array.from({ length: 22 }, (_, i) => task(30 - i, 4)),
      task(5, 5, { fileName: '期中成绩.xlsx' }),
      task(4, 3, { fileName: '期中成绩汇总.xlsx' }),
    ];
    const { fetch, bodies } = listServer(all);
    const { client } = connectedClient();
    render(
      <WithDownloadPushes client={client}>
        <DownloadCenter />
      </WithDownloadPushes>,
      { route: '/downloadCenter' },
    );
    const table = await screen.findByRole('table', { name: '下载记录' });
    await within(table).findByRole('row', { name: '通知列表30.xlsx' });
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await within(table).findByRole('row', { name: '期中成绩.xlsx' });
    expect(bodies.at(-1)).toEqual({ pageNo: 2, pageSize: 20 });

    // The keyword is trimmed, applied on Enter, and the list goes back to page 1.
    await userEvent.type(screen.getByRole('textbox', { name: '文件名' }), '  期中 {Enter}');
    await waitFor(() => expect(rowNames(table)).toEqual(['期中成绩.xlsx', '期中成绩汇总.xlsx']));
    expect(bodies.at(-1)).toEqual({ pageNo: 1, pageSize: 20, keyword: '期中' });
    expect(screen.getByRole('textbox', { name: '文件名' })).toHaveValue('期中');
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '2' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('textbox', { name: '状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '生成失败' }));
    await waitFor(() => expect(rowNames(table)).toEqual(['期中成绩.xlsx']));
    expect(bodies.at(-1)).toEqual({ pageNo: 1, pageSize: 20, keyword: '期中', fileStatus: [5] });

    const exports = () =>
      fetch.mock.calls.filter(([u]) => u === '/api/producer_api/submitExcelTask').map(([, init]) => bodyOf(init));
    await userEvent.click(screen.getByRole('button', { name: '导出下载记录' }));
    await waitFor(() => expect(exports()).toHaveLength(1));
    expect(exports()).toEqual([
      {
        fileType: 3,
        excelType: 'downloadHistory',
        businessName: '下载记录',
        reqParams: { keyword: '期中', fileStatus: [5] },
      },
    ]);
    // The notices export takes none of the download history's filters.
    await userEvent.click(screen.getByRole('button', { name: '导出通知列表' }));
    await waitFor(() => expect(exports()).toHaveLength(2));
    expect(exports()[1]).toMatchObject({ excelType: 'notices', reqParams: {} });

    // The 搜索 button applies an emptied keyword: every failed task again.
    await userEvent.clear(screen.getByRole('textbox', { name: '文件名' }));
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ pageNo: 1, pageSize: 20, fileStatus: [5] }));
    await userEvent.click(screen.getByRole('textbox', { name: '状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '全部' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ pageNo: 1, pageSize: 20 }));
    await within(table).findByRole('row', { name: '通知列表30.xlsx' });
  });

  it('filters by creation days (local, both included), refuses a backwards range and exports with it', async () => {
    const { fetch, bodies } = listServer([task(1, 4)]);
    const { client } = connectedClient();
    render(
      <WithDownloadPushes client={client}>
        <DownloadCenter />
      </WithDownloadPushes>,
      { route: '/downloadCenter' },
    );
    await screen.findByRole('table', { name: '下载记录' });
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({ pageNo: 1, pageSize: 20, startTime: new Date(2026, 10, 1).getTime() }),
    );
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-11-23' } });
    const range = { startTime: new Date(2026, 10, 1).getTime(), endTime: new Date(2026, 10, 24).getTime() };
    await waitFor(() => expect(bodies.at(-1)).toEqual({ pageNo: 1, pageSize: 20, ...range }));

    const calls = bodies.length;
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-25' } });
    expect(await screen.findByText('结束日期不能早于开始日期')).toBeInTheDocument();
    expect(bodies).toHaveLength(calls);

    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(screen.queryByText('结束日期不能早于开始日期')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: '导出下载记录' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls
          .filter(([u]) => u === '/api/producer_api/submitExcelTask')
          .map(([, init]) => bodyOf(init).reqParams),
      ).toEqual([range]),
    );
  });

  it('with a status filter, a pushed task that leaves it is dropped by reading the page again', async () => {
    const all: DownloadTask[] = [task(2, 2), task(1, 2)];
    const { bodies } = listServer(all);
    const { client, socket } = connectedClient();
    render(
      <WithDownloadPushes client={client}>
        <DownloadCenter />
      </WithDownloadPushes>,
      { route: '/downloadCenter' },
    );
    const table = await screen.findByRole('table', { name: '下载记录' });
    await userEvent.click(screen.getByRole('textbox', { name: '状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '生成中' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ pageNo: 1, pageSize: 20, fileStatus: [2] }));
    await waitFor(() => expect(rowNames(table)).toEqual(['通知列表2.xlsx', '通知列表1.xlsx']));
    const reads = bodies.length;

    all[0] = task(2, 5, { error: '磁盘已满' });
    socket.push(1, 'magic_001', {
      id: 2,
      fileStatus: 5,
      value: { fileName: '通知列表2.xlsx', queueCount: 1, doneCount: 0, error: '磁盘已满' },
    });
    // Never shown as failed under 生成中: the page is read again and the server leaves it out.
    expect(within(table).getByRole('row', { name: '通知列表2.xlsx' })).toHaveAttribute('data-status', '2');
    await waitFor(() => expect(rowNames(table)).toEqual(['通知列表1.xlsx']));
    expect(bodies.length).toBe(reads + 1);
    expect(bodies.at(-1)).toEqual({ pageNo: 1, pageSize: 20, fileStatus: [2] });
  });

  it('downloads a file already downloaded (4) again while the task is kept', async () => {
    const fetch = mockFetch([
      [
        'POST',
        '/api/download/downloadList',
        () => envelope({ records: [task(7, 4)], total: 1, pageNo: 1, pageSize: 20 }),
      ],
      ['GET', '/api/download/file/7', () => new Response(new Uint8Array(2048))],
    ]);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<DownloadCenter />, { route: '/downloadCenter' });
    const row = await screen.findByRole('row', { name: '通知列表7.xlsx' });
    expect(within(row).getByText('已下载')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: '下载' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls.some(([u]) => u === '/api/download/file/7')).toBe(true);
    saved.mockRestore();
  });
});
