import { describe, expect, it } from 'vitest';
import type { AddPhaseTaskRequest } from '@/generated/AddPhaseTaskRequest';
import type { PhaseTask } from '@/generated/PhaseTask';
import type { ResourceItem } from '@/generated/ResourceItem';
import type { StorageCertificate } from '@/generated/StorageCertificate';
import type { UpdateTaskBizIdRequest } from '@/generated/UpdateTaskBizIdRequest';
import type { UploadedFile } from '@/generated/UploadedFile';
import { ApiError } from '@/lib/api-client';
import type { TransferHooks } from './upload-transfer';
import { UPLOAD_KIND_CLASSES } from './upload-rules';
import {
  ADD_TASK_FAILED_TEXT,
  failureOf,
  NO_PROGRESS_MESSAGE,
  UPLOAD_TEXT,
  type UploadItem,
  UploadStatus,
  withProgress,
} from './upload-item';
import { createUploadManager } from './upload-manager';

const FILES = UPLOAD_KIND_CLASSES.files;

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(e: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

const uploaded = (fileId: string, item: UploadItem): UploadedFile => ({
  fileId,
  fileName: item.fileName,
  size: item.size,
  sha256: 'x',
});

const resource = (id: number, item: UploadItem): ResourceItem => ({
  id,
  name: item.fileName,
  ext: item.fileName.split('.').pop() ?? '',
  class: item.cls,
  size: item.size,
  createTime: 1,
});

type CampCall = { kind: 'add'; request: AddPhaseTaskRequest } | { kind: 'update'; request: UpdateTaskBizIdRequest };

/**
 * A manager whose transfers and saves wait for the test to settle them; camp calls answer at
 * once (tasks numbered from 41), or fail with `camp.failure` while it is set.
 */
function harness(maxCount?: number) {
  const transfers: { item: UploadItem; hooks: TransferHooks; done: Deferred<UploadedFile> }[] = [];
  const saves: { uploaded: UploadedFile; item: UploadItem; done: Deferred<ResourceItem> }[] = [];
  const messages: { message: string; kind: string }[] = [];
  const camp = { calls: [] as CampCall[], failure: null as Error | null, nextTaskId: 41 };
  const manager = createUploadManager({
    maxCount,
    transfer: (item, hooks) => {
      const done = deferred<UploadedFile>();
      transfers.push({ item, hooks, done });
      return done.promise;
    },
    save: (up, item) => {
      const done = deferred<ResourceItem>();
      saves.push({ uploaded: up, item, done });
      return done.promise;
    },
    addPhaseTask: async (request) => {
      camp.calls.push({ kind: 'add', request });
      if (camp.failure) throw camp.failure;
      return request.taskList.map((t): PhaseTask => ({
        taskId: camp.nextTaskId++,
        campId: request.campId!,
        phaseId: request.phaseId!,
        taskTypeName: '文档',
        seqNo: 1,
        ...t,
      }));
    },
    updateTaskBizId: async (request) => {
      camp.calls.push({ kind: 'update', request });
      if (camp.failure) throw camp.failure;
      return {
        ...request,
        campId: 5,
        phaseId: 9,
        taskName: 'task',
        ext: 'pdf',
        taskType: 1,
        taskTypeName: '文档',
        seqNo: 1,
      };
    },
    notify: (message, kind) => messages.push({ message, kind }),
  });
  let saved = 0;
  manager.onSaved(() => (saved += 1));
  /** The saves reported to listeners (each makes the resource list read itself again). */
  const savedCount = () => saved;
  const state = () => manager.store.get();
  const names = (list: UploadItem[]) => list.map((i) => i.fileName);
  const item = (name: string) => {
    const s = state();
    return [...s.waiting, ...s.active, ...s.success, ...s.error].find((i) => i.fileName === name)!;
  };
  /** Finishes the upload of transfer `n`, then its save. */
  const finish = async (n: number, id = n + 1) => {
    const t = transfers[n]!;
    t.done.resolve(uploaded(`file-${n}`, t.item));
    await flush();
    const s = saves.find((x) => x.item.uid === t.item.uid)!;
    s.done.resolve(resource(id, s.item));
    await flush();
  };
  return { manager, transfers, saves, messages, camp, state, savedCount, names, item, finish };
}

describe('queue and concurrency', () => {
  it('runs at most two uploads at once and starts queued files in order as slots free', async () => {
    const h = harness();
    h.manager.add([file('1.pdf'), file('2.png'), file('3.docx'), file('4.jpg')], FILES);
    expect(h.names(h.state().active)).toEqual(['1.pdf', '2.png']);
    expect(h.names(h.state().waiting)).toEqual(['3.docx', '4.jpg']);
    expect(h.state().active.map((i) => [i.status, i.uploadStatus])).toEqual([
      [1, '上传中'],
      [1, '上传中'],
    ]);
    expect(h.state().waiting.map((i) => [i.status, i.uploadStatus])).toEqual([
      [0, '等待中'],
      [0, '等待中'],
    ]);
    expect(h.transfers.map((t) => t.item.fileName)).toEqual(['1.pdf', '2.png']);

    // The second finishes first: the third starts, the first keeps its slot.
    await h.finish(1);
    expect(h.names(h.state().active)).toEqual(['1.pdf', '3.docx']);
    expect(h.names(h.state().waiting)).toEqual(['4.jpg']);
    expect(h.names(h.state().success)).toEqual(['2.png']);

    await h.finish(0);
    expect(h.names(h.state().active)).toEqual(['3.docx', '4.jpg']);
    expect(h.state().waiting).toHaveLength(0);
    await h.finish(2);
    await h.finish(3);
    expect(h.state().active).toHaveLength(0);
    // Newest first.
    expect(h.names(h.state().success)).toEqual(['4.jpg', '3.docx', '1.pdf', '2.png']);
    expect(h.transfers.map((t) => t.item.fileName)).toEqual(['1.pdf', '2.png', '3.docx', '4.jpg']);
    expect(h.savedCount()).toBe(4);
  });

  it('holds the slot while saving: 上传完成 at 100%, then 已保存 in the success list', async () => {
    const h = harness(1);
    h.manager.add([file('a.pdf'), file('b.pdf')], FILES);
    h.transfers[0]!.done.resolve(uploaded('f-a', h.transfers[0]!.item));
    await flush();
    expect(h.item('a.pdf')).toMatchObject({ status: 2, progress: 100, uploadStatus: '上传完成', fileId: 'f-a' });
    expect(h.names(h.state().active)).toEqual(['a.pdf']);
    expect(h.transfers).toHaveLength(1);
    expect(h.saves[0]!.uploaded.fileId).toBe('f-a');

    h.saves[0]!.done.resolve(resource(7, h.saves[0]!.item));
    await flush();
    expect(h.state().success[0]).toMatchObject({
      fileName: 'a.pdf',
      status: 2,
      uploadStatus: '已保存',
      resource: { id: 7 },
    });
    expect(h.names(h.state().active)).toEqual(['b.pdf']);
  });

  it('queues files added while two are running behind them', async () => {
    const h = harness();
    h.manager.add([file('1.pdf'), file('2.pdf')], FILES);
    h.manager.add([file('3.pdf')], FILES);
    expect(h.names(h.state().waiting)).toEqual(['3.pdf']);
    await h.finish(0);
    expect(h.names(h.state().active)).toEqual(['2.pdf', '3.pdf']);
  });
});

describe('progress', () => {
  it('never goes backwards and stays below 100 until the upload completes', async () => {
    const h = harness();
    h.manager.add([file('a.pdf')], FILES);
    const { hooks } = h.transfers[0]!;
    const seen: number[] = [];
    const off = h.manager.store.subscribe(() => seen.push(h.item('a.pdf').progress));
    for (const f of [0.1, 0.35, 0.2, 0.6, 0.59, 1, 0.5]) hooks.onProgress(f);
    off();
    expect(h.item('a.pdf').progress).toBe(99);
    expect(seen.slice(1).every((p, i) => p >= seen[i]!)).toBe(true);
    expect(seen).toEqual([10, 35, 60, 99]);
    h.transfers[0]!.done.resolve(uploaded('f', h.transfers[0]!.item));
    await flush();
    expect(h.item('a.pdf').progress).toBe(100);
  });

  it('says 无法计算进度 when the browser cannot compute it, once as a message', () => {
    const h = harness();
    h.manager.add([file('a.png')], FILES);
    const { hooks } = h.transfers[0]!;
    hooks.onProgress(0.3);
    hooks.onProgress(null);
    hooks.onProgress(null);
    expect(h.item('a.png')).toMatchObject({ progress: 30, uploadStatus: '无法计算进度', status: 1 });
    expect(h.messages).toEqual([{ message: NO_PROGRESS_MESSAGE, kind: 'warning' }]);
    hooks.onProgress(0.4);
    expect(h.item('a.png')).toMatchObject({ progress: 40, uploadStatus: '上传中' });
  });

  it('withProgress rounds down and clamps', () => {
    const base = { progress: 0, uploadStatus: UPLOAD_TEXT.uploading } as UploadItem;
    expect(withProgress(base, 0.999).progress).toBe(99);
    expect(withProgress(base, 2).progress).toBe(99);
    expect(withProgress(base, -1)).toBe(base);
    expect(withProgress({ ...base, progress: 50 }, 0.4).progress).toBe(50);
  });
});

describe('failures', () => {
  it('maps failures to the spec texts, keeping the server’s message', () => {
    expect(failureOf(new ApiError('NETWORK', 'Failed to fetch', 0))).toEqual({ text: '网络错误', detail: null });
    expect(failureOf(new ApiError('TIMEOUT', '请求超时', 0))).toEqual({ text: '网络异常', detail: null });
    expect(failureOf(new ApiError('HTTP_502', '请求失败（502）', 502))).toEqual({ text: '网络异常', detail: null });
    expect(failureOf(new ApiError('HTTP_413', '请求失败（413）', 413))).toEqual({
      text: '文件上传失败，请重试',
      detail: '请求失败（413）',
    });
    expect(failureOf(new ApiError('A0400', '不支持的文件类型', 400))).toEqual({
      text: '文件上传失败，请重试',
      detail: '不支持的文件类型',
    });
    expect(failureOf(new Error('boom'))).toEqual({ text: '文件上传失败，请重试', detail: null });
  });

  it('moves a failed upload to the error list (-1) and starts the next one', async () => {
    const h = harness();
    h.manager.add([file('1.pdf'), file('2.pdf'), file('3.pdf')], FILES);
    h.transfers[0]!.hooks.onProgress(0.4);
    h.transfers[0]!.done.reject(new ApiError('NETWORK', 'Failed to fetch', 0));
    await flush();
    expect(h.state().error[0]).toMatchObject({
      fileName: '1.pdf',
      status: -1,
      uploadStatus: '网络错误',
      error: null,
      progress: 40,
    });
    expect(h.names(h.state().active)).toEqual(['2.pdf', '3.pdf']);
    expect(h.messages).toContainEqual({ message: '1.pdf：网络错误', kind: 'error' });
    // A late progress event of the failed attempt changes nothing.
    h.transfers[0]!.hooks.onProgress(0.8);
    expect(h.state().error[0]).toMatchObject({ uploadStatus: '网络错误', progress: 40 });

    h.transfers[1]!.done.reject(new ApiError('A0400', '分片不完整：已收到 1 个，应为 3 个', 400));
    await flush();
    expect(h.state().error[0]).toMatchObject({
      fileName: '2.pdf',
      uploadStatus: '文件上传失败，请重试',
      error: '分片不完整：已收到 1 个，应为 3 个',
    });
    expect(h.messages).toContainEqual({ message: '2.pdf：分片不完整：已收到 1 个，应为 3 个', kind: 'error' });
  });

  it('shows a quota refusal (409 A0409) with the server’s message and does not try it again by itself', async () => {
    const QUOTA = '存储空间不足：已用 9.9 GB，上限 10 GB，文件超出剩余的 1.2 MB；请先清理回收站或删除文件';
    const h = harness();
    h.manager.add([file('big.pdf'), file('next.pdf')], FILES);
    h.transfers[0]!.hooks.onProgress(0.3);
    h.transfers[0]!.done.reject(new ApiError('A0409', QUOTA, 409));
    await flush();
    expect(h.state().error).toEqual([
      expect.objectContaining({ fileName: 'big.pdf', status: -1, uploadStatus: '文件上传失败，请重试', error: QUOTA }),
    ]);
    expect(h.messages).toEqual([{ message: `big.pdf：${QUOTA}`, kind: 'error' }]);
    // Only the next file runs; the refused one waits in the error list for the user's 重试.
    await flush();
    await new Promise((r) => setTimeout(r, 20));
    expect(h.transfers.map((t) => t.item.fileName)).toEqual(['big.pdf', 'next.pdf']);
    await h.finish(1);
    expect(h.transfers).toHaveLength(2);
    expect(h.names(h.state().error)).toEqual(['big.pdf']);
  });

  it('shows a quota refusal of the save (the drive item) with the server’s message', async () => {
    const QUOTA = '存储空间不足：已用 9.9 GB，还需 1.2 MB，上限 10 GB；请先清理回收站或删除文件';
    const h = harness();
    h.manager.add([file('a.pdf')], FILES);
    h.transfers[0]!.done.resolve(uploaded('f-a', h.transfers[0]!.item));
    await flush();
    h.saves[0]!.done.reject(new ApiError('A0409', QUOTA, 409));
    await flush();
    expect(h.state().error[0]).toMatchObject({ uploadStatus: '保存失败', error: QUOTA });
    expect(h.messages).toEqual([{ message: `a.pdf：${QUOTA}`, kind: 'error' }]);
    expect(h.saves).toHaveLength(1);
  });

  it('marks a failed save 保存失败 with the server’s message', async () => {
    const h = harness();
    h.manager.add([file('a.pdf')], FILES);
    h.transfers[0]!.done.resolve(uploaded('f-a', h.transfers[0]!.item));
    await flush();
    h.saves[0]!.done.reject(new ApiError('A0404', '文件不存在', 404));
    await flush();
    expect(h.state().error[0]).toMatchObject({
      status: -1,
      uploadStatus: '保存失败',
      error: '文件不存在',
      progress: 100,
    });
    expect(h.savedCount()).toBe(0);
  });

  it('refuses files of other types with a message and queues the rest', () => {
    const h = harness();
    const result = h.manager.add([file('setup.exe'), file('a.pdf'), file('clip.mp4')], FILES);
    expect(result.added.map((i) => i.fileName)).toEqual(['a.pdf']);
    expect(result.refused).toHaveLength(2);
    expect(result.refused[0]).toMatch(/^setup\.exe：不支持的文件类型，仅支持 ppt、pptx、pdf/);
    expect(h.messages.filter((m) => m.kind === 'warning')).toHaveLength(2);
    expect(h.transfers).toHaveLength(1);
  });
});

describe('retry and removal', () => {
  it('retries the same item: back in the queue, a new file id, no new item', async () => {
    const h = harness(1);
    h.manager.add([file('a.png'), file('b.png')], FILES);
    h.transfers[0]!.hooks.onOpened({ route: 'signed-put', fileId: 'first', uploadUrl: '/u/first' });
    h.transfers[0]!.hooks.onProgress(0.5);
    h.transfers[0]!.done.reject(new ApiError('NETWORK', 'x', 0));
    await flush();
    const failed = h.state().error[0]!;
    expect(failed).toMatchObject({ fileName: 'a.png', fileId: 'first' });

    h.manager.retry(failed.uid);
    // b is running: a waits behind it, at 0 (a fresh signed PUT).
    expect(h.state().error).toHaveLength(0);
    expect(h.state().waiting[0]).toMatchObject({ uid: failed.uid, status: 0, uploadStatus: '等待中', progress: 0 });
    await h.finish(1);
    expect(h.transfers[2]!.item.uid).toBe(failed.uid);
    h.transfers[2]!.hooks.onOpened({ route: 'signed-put', fileId: 'second', uploadUrl: '/u/second' });
    await h.finish(2, 9);
    const all = [...h.state().waiting, ...h.state().active, ...h.state().success, ...h.state().error];
    expect(all.filter((i) => i.fileName === 'a.png')).toHaveLength(1);
    expect(h.item('a.png')).toMatchObject({ fileId: 'file-2', uploadStatus: '已保存', resource: { id: 9 } });
  });

  it('retries only the save after a failed save', async () => {
    const h = harness();
    h.manager.add([file('a.pdf')], FILES);
    h.transfers[0]!.done.resolve(uploaded('f-a', h.transfers[0]!.item));
    await flush();
    h.saves[0]!.done.reject(new ApiError('B0001', '系统繁忙', 500));
    await flush();
    h.manager.retry(h.state().error[0]!.uid);
    expect(h.item('a.pdf')).toMatchObject({ status: 2, uploadStatus: '上传完成', progress: 100 });
    await flush();
    expect(h.transfers).toHaveLength(1);
    expect(h.saves).toHaveLength(2);
    expect(h.saves[1]!.uploaded.fileId).toBe('f-a');
    h.saves[1]!.done.resolve(resource(3, h.saves[1]!.item));
    await flush();
    expect(h.state().success[0]).toMatchObject({ uploadStatus: '已保存' });
  });

  it('keeps a sliced upload’s credential and stored slices for the retry', async () => {
    const h = harness();
    h.manager.add([file('a.pdf')], FILES);
    const cert = { fileId: 'f1', sliceUrl: '/s/f1' } as StorageCertificate;
    const t = h.transfers[0]!;
    t.hooks.onOpened({ route: 'sliced', fileId: 'f1', certificate: cert });
    t.hooks.onSliceSent?.(0);
    t.hooks.onSliceSent?.(2);
    t.hooks.onProgress(0.66);
    t.done.reject(new ApiError('TIMEOUT', 'x', 0));
    await flush();
    expect(h.state().error[0]).toMatchObject({ uploadStatus: '网络异常', certificate: cert, sentSlices: [0, 2] });
    h.manager.retry(h.state().error[0]!.uid);
    expect(h.transfers[1]!.item).toMatchObject({ certificate: cert, sentSlices: [0, 2], progress: 66 });
    // The same credential again: the stored slices stay.
    h.transfers[1]!.hooks.onOpened({ route: 'sliced', fileId: 'f1', certificate: cert });
    expect(h.item('a.pdf').sentSlices).toEqual([0, 2]);
    // A new credential: none stored.
    h.transfers[1]!.hooks.onOpened({ route: 'sliced', fileId: 'f2', certificate: { ...cert, fileId: 'f2' } });
    expect(h.item('a.pdf')).toMatchObject({ fileId: 'f2', sentSlices: [] });
  });

  it('cancels a waiting item, removes failed ones, never an active one', async () => {
    const h = harness();
    h.manager.add([file('1.pdf'), file('2.pdf'), file('3.pdf'), file('4.pdf')], FILES);
    expect(h.manager.remove(h.item('3.pdf').uid)).toBe(true);
    expect(h.names(h.state().waiting)).toEqual(['4.pdf']);
    expect(h.manager.remove(h.item('1.pdf').uid)).toBe(false);
    h.transfers[0]!.done.reject(new Error('x'));
    await flush();
    expect(h.names(h.state().active)).toEqual(['2.pdf', '4.pdf']);
    expect(h.manager.remove(h.item('1.pdf').uid)).toBe(true);
    expect(h.state().error).toHaveLength(0);
    expect(h.transfers.map((t) => t.item.fileName)).toEqual(['1.pdf', '2.pdf', '4.pdf']);
  });

  it('does not retry an item that has not failed', () => {
    const h = harness();
    h.manager.add([file('1.pdf')], FILES);
    h.manager.retry(h.item('1.pdf').uid);
    expect(h.transfers).toHaveLength(1);
    expect(h.item('1.pdf').status).toBe(UploadStatus.Uploading);
  });
});

describe('camp uploads', () => {
  const CAMP = { campId: 5, phaseId: 9, taskType: 1 };

  it('adds the finished, saved file as a task of the camp phase: 已添加到营', async () => {
    expect(Object.values(UPLOAD_TEXT)).toContain('已添加到营');
    const h = harness();
    h.manager.add([file('第一讲 函数.pdf')], FILES, CAMP);
    expect(h.item('第一讲_函数.pdf')).toMatchObject({ camp: CAMP, taskId: null });
    h.transfers[0]!.done.resolve(uploaded('file-0', h.transfers[0]!.item));
    await flush();
    // The task waits for the save (its file becomes a resource first).
    expect(h.camp.calls).toEqual([]);
    h.saves[0]!.done.resolve(resource(3, h.saves[0]!.item));
    await flush();
    expect(h.camp.calls).toEqual([
      {
        kind: 'add',
        request: {
          campId: 5,
          phaseId: 9,
          taskList: [{ bizId: 'file-0', taskName: '第一讲_函数', ext: 'pdf', taskType: 1 }],
        },
      },
    ]);
    expect(h.state().success[0]).toMatchObject({
      fileName: '第一讲_函数.pdf',
      status: 2,
      uploadStatus: '已添加到营',
      taskId: 41,
      resource: { id: 3 },
      error: null,
    });
    expect(h.state().active).toHaveLength(0);
    expect(h.savedCount()).toBe(1);
  });

  it('adds no task without both a camp and a phase id (01 §5): a plain upload', async () => {
    const h = harness();
    h.manager.add([file('a.pdf')], FILES, { campId: 5, phaseId: 0, taskType: 1 });
    h.manager.add([file('b.pdf')], FILES, { campId: 0, phaseId: 9, taskType: 1 });
    h.manager.add([file('c.pdf')], FILES, null);
    await h.finish(0);
    await h.finish(1);
    await h.finish(2);
    expect(h.camp.calls).toEqual([]);
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) {
      expect(h.item(name)).toMatchObject({ camp: null, taskId: null, uploadStatus: '已保存', status: 2 });
    }
  });

  it('shows 添加到任务中失败 when the task cannot be added; the retry only adds the task', async () => {
    const h = harness();
    h.camp.failure = new ApiError('B0001', '系统繁忙', 500);
    h.manager.add([file('a.pdf')], FILES, CAMP);
    await h.finish(0);
    expect(h.state().error[0]).toMatchObject({
      status: -1,
      uploadStatus: '已保存',
      error: ADD_TASK_FAILED_TEXT,
      taskId: null,
      progress: 100,
    });
    expect(h.messages).toContainEqual({ message: 'a.pdf：添加到任务中失败（系统繁忙）', kind: 'error' });
    expect(h.savedCount()).toBe(1);

    h.camp.failure = null;
    h.manager.retry(h.state().error[0]!.uid);
    await flush();
    expect(h.transfers).toHaveLength(1);
    expect(h.saves).toHaveLength(1);
    expect(h.camp.calls.map((c) => c.kind)).toEqual(['add', 'add']);
    expect(h.state().success[0]).toMatchObject({ uploadStatus: '已添加到营', taskId: 41, error: null });
    expect(h.savedCount()).toBe(1);
  });

  it('a retry of an item with a task points that task at the new file instead of adding one', async () => {
    const h = harness();
    h.manager.add([file('a.png')], FILES, { ...CAMP, taskId: 77 });
    h.transfers[0]!.hooks.onOpened({ route: 'signed-put', fileId: 'first', uploadUrl: '/u/first' });
    h.transfers[0]!.done.reject(new ApiError('NETWORK', 'x', 0));
    await flush();
    expect(h.state().error[0]).toMatchObject({ fileId: 'first', taskId: 77 });

    h.manager.retry(h.state().error[0]!.uid);
    await h.finish(1);
    expect(h.camp.calls).toEqual([{ kind: 'update', request: { taskId: 77, bizId: 'file-1' } }]);
    expect(h.item('a.png')).toMatchObject({ fileId: 'file-1', taskId: 77, uploadStatus: '已添加到营' });
  });
});
