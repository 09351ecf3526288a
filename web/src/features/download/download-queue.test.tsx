// The download queue's server state: counts, pushes, clicks, exports and the fallback poll, through
// the hooks the components use.

import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectedClient } from '@/testing/fake-socket';
import {
  act,
  createTestQueryClient,
  envelope,
  jsonBody,
  mockFetch,
  renderHook,
  urlsOf,
  waitFor,
} from '@/testing/test-utils';
import { downloadKeys } from './api/download-keys';
import { type DownloadCounts, useDownloadCounts } from './api/get-download-counts';
import { type DownloadList, recentDownloadsQueryOptions, useRecentDownloads } from './api/get-download-list';
import { useSubmitExport } from './api/submit-excel-task';
import { listPage, progressPush, push, task } from './components/test-helpers';
import { transferStore } from './download-file';
import { applyDownloadPush, generationProgress } from './download-cache';
import { parseDownloadPush } from './download-push';
import { DOWNLOADING_TEXT, EXPORT_OVER_LIMIT_TEXT, GENERATED_TEXT, QUEUED_TEXT } from './download-rules';
import { pollDownloadsOnce, useDownloadRealtime } from './hooks/use-download-realtime';
import { resetClickThrottle, useTaskClick } from './hooks/use-task-click';

let shown: string[] = [];
beforeEach(() => {
  resetClickThrottle();
  shown = [];
  vi.spyOn(notifications, 'show').mockImplementation((n) => {
    shown.push(n.message as string);
    return 'id';
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const recentKey = recentDownloadsQueryOptions().queryKey;

/** A query cache holding the recent list (and optionally the counts). */
function cacheWith(recent: DownloadList, counts?: DownloadCounts) {
  const client = createTestQueryClient();
  client.setQueryData(recentKey, recent);
  if (counts) client.setQueryData(downloadKeys.counts(), counts);
  return client;
}

const recentOf = (client: ReturnType<typeof createTestQueryClient>) => client.getQueryData(recentKey)?.tasks ?? [];
const countsOf = (client: ReturnType<typeof createTestQueryClient>) =>
  client.getQueryData<DownloadCounts>(downloadKeys.counts());

describe('counts at load', () => {
  it('takes both counts from queryRemainingCount, without downloadCheck', async () => {
    const fetch = mockFetch([
      ['POST', '/api/producer_api/queryRemainingCount', () => envelope({ queueCount: 2, doneCount: 3 })],
    ]);
    const { result } = renderHook(() => useDownloadCounts());
    await waitFor(() => expect(result.current.data).toEqual({ queueCount: 2, doneCount: 3 }));
    expect(urlsOf(fetch).some((u) => u.includes('downloadCheck'))).toBe(false);
  });

  it('keeps counts a push brought while they were read', async () => {
    let answer: (r: Response) => void = () => {};
    mockFetch([['POST', '/api/producer_api/queryRemainingCount', () => new Promise<Response>((r) => (answer = r))]]);
    const { result, queryClient } = renderHook(() => useDownloadCounts());
    await waitFor(() => expect(result.current.isFetching).toBe(true));
    act(() => void applyDownloadPush(queryClient, parseDownloadPush(push(1, 1, 4, 0))!));
    answer(envelope({ queueCount: 1, doneCount: 0 }));
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(result.current.data).toEqual({ queueCount: 4, doneCount: 0 });
  });
});

describe('push handling', () => {
  it('says 文件生成完成 only when a push brings a task to 3', () => {
    mockFetch([]);
    const client = cacheWith({ tasks: [task(1, 2)], total: 1 });
    expect(applyDownloadPush(client, parseDownloadPush(push(1, 3, 0, 1))!)).toBe(true);
    expect(countsOf(client)).toMatchObject({ queueCount: 0, doneCount: 1 });
    // The file size comes with the list: it is read again.
    expect(client.getQueryState(recentKey)?.isInvalidated).toBe(true);
    expect(applyDownloadPush(client, parseDownloadPush(push(1, 3, 0, 1))!)).toBe(false);
    expect(applyDownloadPush(client, parseDownloadPush(push(1, 4, 0, 0))!)).toBe(false);
    expect(recentOf(client)[0]!.fileStatus).toBe(4);
  });

  it('asks for the list when a task it does not hold appears, not for a known status change', () => {
    mockFetch([]);
    const client = cacheWith({ tasks: [task(1, 1)], total: 1 });
    applyDownloadPush(client, parseDownloadPush(push(1, 2, 1, 0))!);
    expect(client.getQueryState(recentKey)?.isInvalidated).toBe(false);
    expect(recentOf(client)[0]!.fileStatus).toBe(2);
    expect(applyDownloadPush(client, parseDownloadPush(push(2, 1, 2, 0))!)).toBe(false);
    expect(client.getQueryState(recentKey)?.isInvalidated).toBe(true);
    expect(countsOf(client)?.queueCount).toBe(2);
  });

  it("takes a ready file's size from the push instead of reading the list again", () => {
    mockFetch([]);
    const client = cacheWith({ tasks: [task(1, 2)], total: 1 });
    expect(applyDownloadPush(client, parseDownloadPush(push(1, 3, 0, 1, '', { fileSize: 4096 }))!)).toBe(true);
    expect(recentOf(client)[0]).toMatchObject({ fileStatus: 3, fileSize: 4096 });
    expect(client.getQueryState(recentKey)?.isInvalidated).toBe(false);
  });

  it('keeps a progress report apart from status changes: counts and percent, no list change', () => {
    mockFetch([]);
    const client = cacheWith({ tasks: [task(1, 2)], total: 1 }, { queueCount: 1, doneCount: 0 });
    const progress = () => generationProgress(client).get().get(1);
    expect(applyDownloadPush(client, parseDownloadPush(progressPush(1, 40, 2, 1))!)).toBe(false);
    expect(progress()).toBe(40);
    expect(countsOf(client)).toEqual({ queueCount: 2, doneCount: 1 });
    expect(client.getQueryState(recentKey)?.isInvalidated).toBe(false);
    expect(recentOf(client)).toEqual([task(1, 2)]);
    // The status change that ends generating forgets the percent.
    expect(applyDownloadPush(client, parseDownloadPush(push(1, 3, 1, 2))!)).toBe(true);
    expect(progress()).toBeUndefined();
  });

  it('removes a deleted task from the list and its total', () => {
    mockFetch([]);
    const client = cacheWith({ tasks: [task(1, 3), task(2, 4)], total: 2 });
    applyDownloadPush(client, parseDownloadPush(push(1, null))!);
    expect(client.getQueryData(recentKey)).toEqual({ tasks: [task(2, 4)], total: 1 });
  });

  it('handles a push end to end: counts, message and list refresh', async () => {
    let records = [task(5, 2)];
    const fetch = mockFetch([['POST', '/api/download/downloadList', () => envelope(listPage(records))]]);
    const { client, socket } = connectedClient();
    const { result, queryClient } = renderHook(
      () => {
        useDownloadRealtime(client);
        return useRecentDownloads();
      },
      { queryClient: cacheWith({ tasks: [], total: 0 }, { queueCount: 1, doneCount: 0 }) },
    );
    await waitFor(() => expect(result.current.data?.tasks[0]?.fileStatus).toBe(2));
    records = [task(5, 3)];
    socket.push(1, 'magic_001', push(5, 3, 0, 1));
    expect(countsOf(queryClient)).toMatchObject({ queueCount: 0, doneCount: 1 });
    expect(recentOf(queryClient)[0]!.fileStatus).toBe(3);
    expect(shown).toEqual([GENERATED_TEXT]);
    await waitFor(() => expect(result.current.data?.tasks[0]?.fileSize).toBe(2048));
    expect(urlsOf(fetch)).toEqual(['/api/download/downloadList', '/api/download/downloadList']);
  });
});

describe('clicks', () => {
  const clicker = (client = cacheWith({ tasks: [], total: 0 })) =>
    renderHook(() => useTaskClick(), { queryClient: client });

  it('does nothing for waiting, generating and downloaded tasks', () => {
    const fetch = mockFetch([]);
    const { result } = clicker();
    expect(result.current(task(1, 1))).toBe('none');
    vi.useFakeTimers();
    vi.setSystemTime(Date.now() + 5_000);
    expect(result.current(task(1, 4))).toBe('none');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('downloads a downloaded task again only where asked (the download centre)', async () => {
    const fetch = mockFetch([['GET', '/api/download/file/4', () => new Response(new Uint8Array(8))]]);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { result } = renderHook(() => useTaskClick({ again: true }), {
      queryClient: cacheWith({ tasks: [], total: 0 }),
    });
    expect(result.current(task(4, 4))).toBe('download');
    expect(fetch.mock.calls[0]![0]).toBe('/api/download/file/4');
    await waitFor(() => expect(transferStore.get()).toBeNull());
  });

  it('retries a failed task: reDownload, status 2 locally, 已加入到下载队列', async () => {
    const fetch = mockFetch([['POST', '/api/download/reDownload', () => envelope({ queueCount: 1 })]]);
    const client = cacheWith({ tasks: [task(3, 5, { error: '失败' })], total: 1 });
    const { result } = clicker(client);
    expect(result.current(recentOf(client)[0]!)).toBe('retry');
    await waitFor(() => expect(recentOf(client)[0]!.fileStatus).toBe(2));
    expect(countsOf(client)?.queueCount).toBe(1);
    expect(shown).toEqual([QUEUED_TEXT]);
    expect(jsonBody(fetch.mock.calls[0]![1])).toEqual({ id: 3 });
    // A second click within 2000 ms is dropped.
    expect(result.current(recentOf(client)[0]!)).toBe('throttled');
  });

  it('downloads a ready file as a blob with progress and says 正在下载中 on a click meanwhile', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(1024));
        await gate;
        controller.enqueue(new Uint8Array(1024));
        controller.close();
      },
    });
    const fetch = mockFetch([
      ['GET', '/api/download/file/9', () => new Response(body, { headers: { 'Content-Length': '2048' } })],
    ]);
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return 'blob:x';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const client = cacheWith({ tasks: [task(9, 3)], total: 1 });
    const { result } = clicker(client);

    expect(result.current(task(9, 3))).toBe('download');
    await waitFor(() => expect(transferStore.get()).toEqual({ id: 9, loaded: 1024, total: 2048 }));
    expect(result.current(task(9, 3))).toBe('busy');
    expect(shown).toEqual([DOWNLOADING_TEXT]);
    release();
    await waitFor(() => expect(transferStore.get()).toBeNull());
    expect(created[0]!.size).toBe(2048);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(recentOf(client)[0]!.fileStatus).toBe(4);
    expect(fetch.mock.calls[0]![0]).toBe('/api/download/file/9');
  });
});

describe('exports and the fallback poll', () => {
  it('queues an export and says 已加入到下载队列', async () => {
    const fetch = mockFetch([
      ['POST', '/api/producer_api/submitExcelTask', () => envelope({ queueCount: 1 })],
      ['POST', '/api/download/downloadList', () => envelope(listPage([task(1, 1)]))],
    ]);
    const { result, queryClient } = renderHook(() => useSubmitExport());
    await act(() => result.current.mutateAsync({ excelType: 'notices', businessName: '通知列表', reqParams: {} }));
    expect(shown).toEqual([QUEUED_TEXT]);
    expect(countsOf(queryClient)?.queueCount).toBe(1);
    const call = fetch.mock.calls.find(([u]) => u === '/api/producer_api/submitExcelTask')!;
    expect(jsonBody(call[1])).toEqual({ fileType: 3, excelType: 'notices', businessName: '通知列表', reqParams: {} });
  });

  it('shows the over-limit answer as a warning and nothing else for other failures', async () => {
    mockFetch([
      ['POST', '/api/producer_api/submitExcelTask', () => envelope(null, 'A0400', EXPORT_OVER_LIMIT_TEXT, 400)],
    ]);
    const { result } = renderHook(() => useSubmitExport());
    await act(async () => {
      await expect(result.current.mutateAsync({ excelType: 'notices', businessName: '通知列表' })).rejects.toThrow();
    });
    expect(shown).toEqual([EXPORT_OVER_LIMIT_TEXT]);
    expect(vi.mocked(notifications.show).mock.calls[0]![0].color).toBe('yellow');

    shown = [];
    const log = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch([['POST', '/api/producer_api/submitExcelTask', () => envelope(null, 'B0001', '系统繁忙', 500)]]);
    await act(async () => {
      await expect(result.current.mutateAsync({ excelType: 'notices', businessName: '通知列表' })).rejects.toThrow();
    });
    expect(shown).toEqual([]);
    expect(log).toHaveBeenCalledWith('加入下载队列失败', expect.anything());
  });

  it('polls until the queue is empty, then says 文件生成完成', async () => {
    let queue = 1;
    mockFetch([
      ['POST', '/api/download/downloadCheck', () => envelope({ queueCount: queue, doneCount: 1 })],
      ['POST', '/api/download/downloadList', () => envelope(listPage([]))],
    ]);
    const client = createTestQueryClient();
    expect(await pollDownloadsOnce(client)).toBe(true);
    expect(shown).toEqual([]);
    expect(countsOf(client)).toEqual({ queueCount: 1, doneCount: 1 });
    queue = 0;
    expect(await pollDownloadsOnce(client)).toBe(false);
    expect(shown).toEqual([GENERATED_TEXT]);
  });
});
