import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { envelope, jsonBody, mockFetch } from '@/testing/test-utils';
import type { DownloadTask } from '@/lib/wire-types';
import {
  applyPushToTasks,
  badgeCount,
  clickTask,
  createThrottle,
  displayName,
  DOWNLOADING_TEXT,
  type DownloadsState,
  downloadsStore,
  EXPORT_OVER_LIMIT_TEXT,
  GENERATED_TEXT,
  handleDownloadPush,
  initialDownloadsState,
  parseDownloadPush,
  pollOnce,
  QUEUED_TEXT,
  reducePush,
  refreshCounts,
  resetDownloads,
  statusText,
  submitExport,
} from './downloads-store';

function task(id: number, fileStatus: number, patch: Partial<DownloadTask> = {}): DownloadTask {
  const ready = fileStatus === 3 || fileStatus === 4;
  return {
    id,
    fileName: `通知列表${id}.xlsx`,
    filePath: ready ? `/api/download/file/${id}` : '',
    filePathVersion: 1,
    fileStatus,
    fileType: 3,
    businessId: '',
    fileSize: ready ? 2048 : 0,
    createTimeMillis: Date.UTC(2026, 10, 22, 2, 0),
    extraInfo: { resourceType: 0, ext: 'xlsx' },
    error: '',
    ...patch,
  };
}

const push = (id: number, fileStatus: number | null, queueCount = 0, doneCount = 0, error = '') => ({
  id,
  fileStatus,
  value: { fileName: `通知列表${id}.xlsx`, queueCount, doneCount, error },
});

let shown: string[] = [];
beforeEach(() => {
  resetDownloads();
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

describe('counts at load', () => {
  it('takes both counts from queryRemainingCount, without downloadCheck', async () => {
    const fetch = mockFetch([
      ['POST', '/api/producer_api/queryRemainingCount', () => envelope({ queueCount: 2, doneCount: 3 })],
    ]);
    await refreshCounts();
    expect(downloadsStore.get()).toMatchObject({ queueCount: 2, doneCount: 3 });
    expect(fetch.mock.calls.some((c) => c[0].includes('downloadCheck'))).toBe(false);
  });
});

describe('status texts and names', () => {
  it('names the five statuses', () => {
    expect([1, 2, 3, 4, 5].map(statusText)).toEqual(['等待生成', '生成中', '可下载', '已下载', '重试']);
    expect(statusText(null)).toBe('');
    expect(statusText(9)).toBe('');
  });

  it('adds the extension only when the name lacks it', () => {
    expect(displayName(task(1, 3))).toBe('通知列表1.xlsx');
    expect(displayName(task(1, 3, { fileName: '期中试卷', extraInfo: { resourceType: 0, ext: 'pdf' } }))).toBe(
      '期中试卷.pdf',
    );
  });

  it('counts queued plus ready files for the badge', () => {
    expect(badgeCount({ queueCount: 2, doneCount: 3 })).toBe(5);
    expect(badgeCount({ queueCount: 0, doneCount: 0 })).toBe(0);
  });
});

describe('push handling', () => {
  it('reads a magic_001 content and ignores one without a task id', () => {
    expect(parseDownloadPush(push(7, 2, 1, 0))).toEqual({
      id: 7,
      fileStatus: 2,
      fileName: '通知列表7.xlsx',
      queueCount: 1,
      doneCount: 0,
      error: '',
      version: null,
    });
    expect(
      parseDownloadPush({ id: 8, fileStatus: null, value: { queueCount: 0, doneCount: 1 } })?.fileStatus,
    ).toBeNull();
    expect(parseDownloadPush({ fileStatus: 3 })).toBeNull();
    expect(parseDownloadPush(null)).toBeNull();
  });

  it('updates a known task in place and gives it its file path once ready', () => {
    const tasks = [task(1, 2), task(2, 4)];
    const { tasks: next, found } = applyPushToTasks(tasks, parseDownloadPush(push(1, 3))!);
    expect(found).toBe(true);
    expect(next[0]).toMatchObject({ id: 1, fileStatus: 3, filePath: '/api/download/file/1' });
    expect(next[1]).toBe(tasks[1]);
    expect(tasks[0]!.fileStatus).toBe(2);
  });

  it('keeps a newer state of a task than a late push brings', () => {
    const ready = task(1, 3, { filePathVersion: 200 });
    const late = { id: 1, fileStatus: 2, value: { fileName: '通知列表1.xlsx', filePathVersion: 150 } };
    const { tasks, found } = applyPushToTasks([ready], parseDownloadPush(late)!);
    expect(found).toBe(true);
    expect(tasks[0]).toMatchObject({ fileStatus: 3, filePathVersion: 200 });
    const newer = { id: 1, fileStatus: 4, value: { fileName: '通知列表1.xlsx', filePathVersion: 250 } };
    expect(applyPushToTasks([ready], parseDownloadPush(newer)!).tasks[0]).toMatchObject({
      fileStatus: 4,
      filePathVersion: 250,
    });
  });

  it('removes a deleted task', () => {
    const { tasks, found } = applyPushToTasks([task(1, 3), task(2, 4)], parseDownloadPush(push(1, null))!);
    expect(found).toBe(true);
    expect(tasks.map((t) => t.id)).toEqual([2]);
  });

  it('says 文件生成完成 only when a push brings a task to 3', () => {
    let state: DownloadsState = { ...initialDownloadsState, recent: [task(1, 2)], total: 1, statuses: { 1: 2 } };
    const first = reducePush(state, parseDownloadPush(push(1, 3, 0, 1))!);
    expect(first.generated).toBe(true);
    expect(first.refresh).toBe(true); // the file size comes with the list
    expect(first.state).toMatchObject({ queueCount: 0, doneCount: 1 });
    state = first.state;
    expect(reducePush(state, parseDownloadPush(push(1, 3, 0, 1))!).generated).toBe(false);
    const downloaded = reducePush(state, parseDownloadPush(push(1, 4, 0, 0))!);
    expect(downloaded.generated).toBe(false);
    expect(downloaded.refresh).toBe(false);
    expect(downloaded.state.recent[0]!.fileStatus).toBe(4);
  });

  it('asks for the list when a task it does not hold appears, not for a known status change', () => {
    const state = { ...initialDownloadsState, recent: [task(1, 1)], total: 1, statuses: { 1: 1 } };
    const created = reducePush(state, parseDownloadPush(push(2, 1, 2, 0))!);
    expect(created.refresh).toBe(true);
    expect(created.generated).toBe(false);
    expect(created.state.queueCount).toBe(2);
    const generating = reducePush(state, parseDownloadPush(push(1, 2, 1, 0))!);
    expect(generating.refresh).toBe(false);
    expect(generating.state.recent[0]!.fileStatus).toBe(2);
  });

  it('handles a push end to end: state, message and list refresh', async () => {
    const fetch = mockFetch([
      [
        'POST',
        '/api/download/downloadList',
        () => envelope({ records: [task(5, 3)], total: 1, pageNo: 1, pageSize: 5 }),
      ],
    ]);
    downloadsStore.set({ ...initialDownloadsState, recent: [task(5, 2)], total: 1, statuses: { 5: 2 }, queueCount: 1 });
    handleDownloadPush(push(5, 3, 0, 1));
    expect(downloadsStore.get()).toMatchObject({ queueCount: 0, doneCount: 1 });
    expect(downloadsStore.get().recent[0]!.fileStatus).toBe(3);
    expect(shown).toEqual([GENERATED_TEXT]);
    await vi.waitFor(() => expect(downloadsStore.get().recent[0]!.fileSize).toBe(2048));
    expect(fetch.mock.calls.map(([u]) => u)).toEqual(['/api/download/downloadList']);
  });
});

describe('clicks', () => {
  it('throttles to one call per window', () => {
    let now = 0;
    const allow = createThrottle(2000, () => now);
    expect(allow()).toBe(true);
    now = 1999;
    expect(allow()).toBe(false);
    now = 2000;
    expect(allow()).toBe(true);
    now = 2500;
    expect(allow()).toBe(false);
  });

  it('does nothing for waiting, generating and downloaded tasks', () => {
    const fetch = mockFetch([]);
    expect(clickTask(task(1, 1))).toBe('none');
    vi.useFakeTimers();
    vi.setSystemTime(Date.now() + 5_000);
    expect(clickTask(task(1, 4))).toBe('none');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('retries a failed task: reDownload, status 2 locally, 已加入到下载队列', async () => {
    const fetch = mockFetch([['POST', '/api/download/reDownload', () => envelope({ queueCount: 1 })]]);
    downloadsStore.set({ ...initialDownloadsState, recent: [task(3, 5, { error: '失败' })], total: 1 });
    expect(clickTask(downloadsStore.get().recent[0]!)).toBe('retry');
    await vi.waitFor(() => expect(downloadsStore.get().recent[0]!.fileStatus).toBe(2));
    expect(downloadsStore.get().queueCount).toBe(1);
    expect(shown).toEqual([QUEUED_TEXT]);
    expect(jsonBody(fetch.mock.calls[0]![1])).toEqual({ id: 3 });
    // A second click within 2000 ms is dropped.
    expect(clickTask(downloadsStore.get().recent[0]!)).toBe('throttled');
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
    downloadsStore.set({ ...initialDownloadsState, recent: [task(9, 3)], total: 1 });

    expect(clickTask(task(9, 3))).toBe('download');
    await vi.waitFor(() => expect(downloadsStore.get().transfer).toEqual({ id: 9, loaded: 1024, total: 2048 }));
    expect(clickTask(task(9, 3))).toBe('busy');
    expect(shown).toEqual([DOWNLOADING_TEXT]);
    release();
    await vi.waitFor(() => expect(downloadsStore.get().transfer).toBeNull());
    expect(created[0]!.size).toBe(2048);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(downloadsStore.get().recent[0]!.fileStatus).toBe(4);
    expect(fetch.mock.calls[0]![0]).toBe('/api/download/file/9');
  });
});

describe('exports and the fallback poll', () => {
  it('queues an export and says 已加入到下载队列', async () => {
    const fetch = mockFetch([
      ['POST', '/api/producer_api/submitExcelTask', () => envelope({ queueCount: 1 })],
      [
        'POST',
        '/api/download/downloadList',
        () => envelope({ records: [task(1, 1)], total: 1, pageNo: 1, pageSize: 5 }),
      ],
    ]);
    expect(await submitExport({ excelType: 'notices', businessName: '通知列表', reqParams: {} })).toBe(true);
    expect(shown).toEqual([QUEUED_TEXT]);
    expect(downloadsStore.get().queueCount).toBe(1);
    const call = fetch.mock.calls.find(([u]) => u === '/api/producer_api/submitExcelTask')!;
    expect(jsonBody(call[1])).toEqual({
      fileType: 3,
      excelType: 'notices',
      businessName: '通知列表',
      reqParams: {},
    });
  });

  it('shows the over-limit answer as a warning and nothing else for other failures', async () => {
    mockFetch([
      ['POST', '/api/producer_api/submitExcelTask', () => envelope(null, 'A0400', EXPORT_OVER_LIMIT_TEXT, 400)],
    ]);
    expect(await submitExport({ excelType: 'notices', businessName: '通知列表' })).toBe(false);
    expect(shown).toEqual([EXPORT_OVER_LIMIT_TEXT]);
    expect(vi.mocked(notifications.show).mock.calls[0]![0].color).toBe('yellow');

    shown = [];
    const log = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch([['POST', '/api/producer_api/submitExcelTask', () => envelope(null, 'B0001', '系统繁忙', 500)]]);
    expect(await submitExport({ excelType: 'notices', businessName: '通知列表' })).toBe(false);
    expect(shown).toEqual([]);
    expect(log).toHaveBeenCalledWith('加入下载队列失败', expect.anything());
  });

  it('polls until the queue is empty, then says 文件生成完成', async () => {
    let queue = 1;
    mockFetch([
      ['POST', '/api/download/downloadCheck', () => envelope({ queueCount: queue, doneCount: 1 })],
      ['POST', '/api/download/downloadList', () => envelope({ records: [], total: 0, pageNo: 1, pageSize: 5 })],
    ]);
    expect(await pollOnce()).toBe(true);
    expect(shown).toEqual([]);
    queue = 0;
    expect(await pollOnce()).toBe(false);
    expect(shown).toEqual([GENERATED_TEXT]);
  });
});
