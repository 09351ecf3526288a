// The download queue state (spec 01 §2 "Download popover", §4 "Download task status").
//
// The server pushes magic_001 on every status change of a task with the owner's queue figures:
// {id: taskId, fileStatus (null once deleted), value: {fileName, queueCount, doneCount, error}}.
// Those pushes replace the spec's 3 s downloadCheck poll; the poll only runs as a fallback while
// the real-time connection is down. The pure functions below hold the rules (tested on their
// own); the store and its actions wire them to the API and the messages.

import { notifications } from '@mantine/notifications';
import { DOWNLOAD_CLICK_THROTTLE_MS, DOWNLOAD_LIST_PAGE_SIZE, TOAST_DURATION_MS } from '@/config/constants';
import { isApiError, showError } from '@/lib/api-client';
import { downloadFileName } from '@/lib/file-names';
import { formatDateTime } from '@/lib/format';
import { createStore } from '@/lib/store';
import type { DownloadTask, PushContent } from '@/lib/wire-types';
import {
  checkDownloads,
  deleteDownloadTask,
  type ExcelExport,
  getDownloadList,
  queryRemainingCount,
  reDownload,
  submitExcelTask,
  submitPaperDownload,
} from './api/downloads';

// ---------------------------------------------------------------------------------------------
// Statuses and texts

export const FileStatus = {
  Waiting: 1,
  Generating: 2,
  Ready: 3,
  Downloaded: 4,
  Retry: 5,
} as const;

/** Download task status texts (spec 01 §4). */
export const DOWNLOAD_STATUS_TEXT: Readonly<Record<number, string>> = {
  1: '等待生成',
  2: '生成中',
  3: '可下载',
  4: '已下载',
  5: '重试',
};

export const DOWNLOADING_TEXT = '正在下载中，请勿重复点击';
export const QUEUED_TEXT = '已加入到下载队列';
export const GENERATED_TEXT = '文件生成完成';
export const EXPORT_OVER_LIMIT_TEXT = '导出数据超过10万条，请调整筛选条件后重新导出';

export function statusText(status: number | null | undefined): string {
  return status === null || status === undefined ? '' : (DOWNLOAD_STATUS_TEXT[status] ?? '');
}

/** Where a ready (3) or downloaded (4) task's file is fetched. */
export function filePathOf(id: number): string {
  return `/api/download/file/${id}`;
}

/** The name shown for a task: the file name, with its extension when the name lacks it. */
export function displayName(task: Pick<DownloadTask, 'fileName' | 'extraInfo'>): string {
  const ext = task.extraInfo.ext;
  if (!ext || task.fileName.toLowerCase().endsWith(`.${ext.toLowerCase()}`)) return task.fileName;
  return `${task.fileName}.${ext}`;
}

/** YYYY-MM-DD HH:mm of a task's creation, '-' when unknown. */
export function taskTime(millis: number | null | undefined): string {
  if (!millis) return '-';
  const date = new Date(millis);
  return Number.isNaN(date.getTime()) ? '-' : formatDateTime(date);
}

// ---------------------------------------------------------------------------------------------
// Pushes

/** A decoded magic_001 push. */
export interface DownloadPush {
  id: number;
  /** null: the task was deleted. */
  fileStatus: number | null;
  fileName: string | null;
  queueCount: number | null;
  doneCount: number | null;
  error: string | null;
  /** The task's version (its last change, ms): pushes read at different moments may arrive out of order. */
  version: number | null;
}

const numberOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const stringOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Reads a magic_001 content; null when it names no task. */
export function parseDownloadPush(content: PushContent | null | undefined): DownloadPush | null {
  const id = numberOrNull(content?.id);
  if (id === null) return null;
  const value = content?.value;
  const v = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  return {
    id,
    fileStatus: numberOrNull(content?.fileStatus),
    fileName: stringOrNull(v.fileName),
    queueCount: numberOrNull(v.queueCount),
    doneCount: numberOrNull(v.doneCount),
    error: stringOrNull(v.error),
    version: numberOrNull(v.filePathVersion),
  };
}

/** Applies a push to a list of tasks: the task's status in place (unless the list already has a
 * newer version of the task), or its removal. */
export function applyPushToTasks(
  tasks: readonly DownloadTask[],
  push: DownloadPush,
): { tasks: DownloadTask[]; found: boolean } {
  const index = tasks.findIndex((t) => t.id === push.id);
  const old = tasks[index];
  if (!old) return { tasks: [...tasks], found: false };
  if (push.fileStatus === null) return { tasks: tasks.filter((t) => t.id !== push.id), found: true };
  if (push.version !== null && push.version < old.filePathVersion) return { tasks: [...tasks], found: true };
  const ready = push.fileStatus === FileStatus.Ready || push.fileStatus === FileStatus.Downloaded;
  const next: DownloadTask = {
    ...old,
    fileStatus: push.fileStatus,
    fileName: push.fileName ?? old.fileName,
    error: push.error ?? old.error,
    filePathVersion: push.version ?? old.filePathVersion,
    filePath: ready ? old.filePath || filePathOf(old.id) : '',
  };
  const copy = [...tasks];
  copy[index] = next;
  return { tasks: copy, found: true };
}

/** A task's status as last seen (from lists and pushes), to tell transitions. */
export type StatusMemory = Readonly<Record<number, number>>;

export function rememberStatuses(memory: StatusMemory, tasks: readonly DownloadTask[]): StatusMemory {
  const next: Record<number, number> = { ...memory };
  for (const t of tasks) next[t.id] = t.fileStatus;
  return next;
}

// ---------------------------------------------------------------------------------------------
// State

export interface Transfer {
  id: number;
  loaded: number;
  /** Bytes expected (Content-Length), null when unknown. */
  total: number | null;
}

export interface DownloadsState {
  /** The popover's recent tasks (page 1, 5 items). */
  recent: DownloadTask[];
  total: number;
  queueCount: number;
  doneCount: number;
  statuses: StatusMemory;
  /** The file being fetched, if any. */
  transfer: Transfer | null;
}

export const initialDownloadsState: DownloadsState = {
  recent: [],
  total: 0,
  queueCount: 0,
  doneCount: 0,
  statuses: {},
  transfer: null,
};

export interface PushOutcome {
  state: DownloadsState;
  /** The push brought the task to 3 (文件生成完成). */
  generated: boolean;
  /** The recent list must be read again (a task it does not hold, a deletion, or a new file size). */
  refresh: boolean;
}

/** The reducer of a magic_001 push. */
export function reducePush(state: DownloadsState, push: DownloadPush): PushOutcome {
  const previous = state.statuses[push.id];
  const { tasks, found } = applyPushToTasks(state.recent, push);
  const { [push.id]: _previous, ...others } = state.statuses;
  const statuses: StatusMemory = push.fileStatus === null ? others : { ...others, [push.id]: push.fileStatus };
  const generated =
    push.fileStatus === FileStatus.Ready && previous !== FileStatus.Ready && previous !== FileStatus.Downloaded;
  const deleted = push.fileStatus === null;
  const next: DownloadsState = {
    ...state,
    recent: tasks,
    total: deleted && found ? Math.max(0, state.total - 1) : state.total,
    queueCount: push.queueCount ?? state.queueCount,
    doneCount: push.doneCount ?? state.doneCount,
    statuses,
  };
  const refresh = deleted ? found : !found || push.fileStatus === FileStatus.Ready;
  return { state: next, generated, refresh };
}

/** The badge count: tasks queued plus files ready and not downloaded yet. */
export function badgeCount(state: Pick<DownloadsState, 'queueCount' | 'doneCount'>): number {
  return Math.max(0, state.queueCount) + Math.max(0, state.doneCount);
}

/** One call per `ms`: answers whether this call may go ahead. */
export function createThrottle(ms: number, now: () => number = () => Date.now()): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}

// ---------------------------------------------------------------------------------------------
// The store and its actions

export const downloadsStore = createStore<DownloadsState>(initialDownloadsState);

export function resetDownloads(): void {
  downloadsStore.set(initialDownloadsState);
  clickThrottle = createThrottle(DOWNLOAD_CLICK_THROTTLE_MS);
}

const info = (message: string) => notifications.show({ color: 'blue', message, autoClose: TOAST_DURATION_MS });
const warn = (message: string) => notifications.show({ color: 'yellow', message, autoClose: TOAST_DURATION_MS });
const success = (message: string) => notifications.show({ color: 'green', message, autoClose: TOAST_DURATION_MS });

let listGeneration = 0;
/** Counts pushes applied: an answer read before a newer push must not overwrite its counts. */
let pushSeq = 0;

/** Reads the recent list again (the latest call wins). */
export async function refreshRecent(): Promise<void> {
  const mine = ++listGeneration;
  try {
    const list = await getDownloadList(1, DOWNLOAD_LIST_PAGE_SIZE);
    if (mine !== listGeneration) return;
    downloadsStore.set((s) => ({
      ...s,
      recent: list.tasks,
      total: list.total,
      statuses: rememberStatuses(s.statuses, list.tasks),
    }));
  } catch {
    // quiet: the popover keeps its last list
  }
}

/**
 * Reads the counts without downloadCheck (which only the fallback poll calls): queryRemainingCount
 * answers both; an older server without doneCount falls back to the ready tasks of the recent list.
 */
export async function refreshCounts(): Promise<void> {
  const seq = pushSeq;
  try {
    const counts = await queryRemainingCount();
    downloadsStore.set((s) => ({
      ...s,
      queueCount: seq === pushSeq ? counts.queueCount : s.queueCount,
      doneCount:
        seq === pushSeq && typeof counts.doneCount === 'number'
          ? counts.doneCount
          : s.recent.filter((t) => t.fileStatus === FileStatus.Ready).length,
    }));
  } catch {
    // quiet
  }
}

/** Applies a magic_001 push: state, the 文件生成完成 message and a list refresh when needed. */
export function handleDownloadPush(content: PushContent | null | undefined): DownloadPush | null {
  const push = parseDownloadPush(content);
  if (!push) return null;
  pushSeq += 1;
  const outcome = reducePush(downloadsStore.get(), push);
  downloadsStore.set(outcome.state);
  if (outcome.generated) success(GENERATED_TEXT);
  if (outcome.refresh) void refreshRecent();
  return push;
}

/**
 * One tick of the fallback poll (socket down): reads downloadCheck; at queue count 0 it says
 * 文件生成完成 when files are done and reloads the list. Answers whether to keep polling.
 */
export async function pollOnce(): Promise<boolean> {
  if (downloadsStore.get().transfer) return true;
  try {
    const { queueCount, doneCount } = await checkDownloads();
    downloadsStore.set((s) => ({ ...s, queueCount, doneCount }));
    if (queueCount > 0) return true;
    if (doneCount !== 0) success(GENERATED_TEXT);
    void refreshRecent();
    return false;
  } catch {
    return true;
  }
}

let clickThrottle = createThrottle(DOWNLOAD_CLICK_THROTTLE_MS);

export type ClickResult = 'busy' | 'throttled' | 'download' | 'retry' | 'none';

/**
 * A click on a task (spec 01 §4): 3 downloads the file, 5 queues it again (status 2 locally),
 * others do nothing. While a file is being fetched the click says 正在下载中，请勿重复点击; clicks
 * go through at most once per 2000 ms.
 */
export function clickTask(task: DownloadTask, onLocalStatus?: (id: number, status: number) => void): ClickResult {
  if (downloadsStore.get().transfer) {
    warn(DOWNLOADING_TEXT);
    return 'busy';
  }
  if (!clickThrottle()) return 'throttled';
  if (task.fileStatus === FileStatus.Ready) {
    void downloadTaskFile(task, onLocalStatus);
    return 'download';
  }
  if (task.fileStatus === FileStatus.Retry) {
    void retryTask(task, onLocalStatus);
    return 'retry';
  }
  return 'none';
}

function setLocalStatus(id: number, status: number): void {
  downloadsStore.set((s) => ({
    ...s,
    recent: s.recent.map((t) =>
      t.id === id
        ? {
            ...t,
            fileStatus: status,
            filePath: status === FileStatus.Ready || status === FileStatus.Downloaded ? filePathOf(id) : '',
          }
        : t,
    ),
    statuses: { ...s.statuses, [id]: status },
  }));
}

/** reDownload: the task goes to 2 locally and the queue count follows the answer. */
export async function retryTask(
  task: DownloadTask,
  onLocalStatus?: (id: number, status: number) => void,
): Promise<void> {
  const seq = pushSeq;
  try {
    const { queueCount } = await reDownload(task.id);
    if (seq === pushSeq) {
      setLocalStatus(task.id, FileStatus.Generating);
      onLocalStatus?.(task.id, FileStatus.Generating);
      downloadsStore.set((s) => ({ ...s, queueCount }));
    }
    info(QUEUED_TEXT);
  } catch {
    // the API client has shown the error
  }
}

/** Deletes a task; the push that follows brings the counts. */
export async function deleteTask(id: number): Promise<boolean> {
  try {
    await deleteDownloadTask(id);
    handleDownloadPush({ id, fileStatus: null });
    return true;
  } catch {
    return false;
  }
}

/** Reads an error envelope out of a failed file response. */
async function failureMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { msg?: string } | null;
    if (body?.msg) return body.msg;
  } catch {
    // not JSON
  }
  return `下载失败（${response.status}）`;
}

/** Saves a blob under `name` through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GETs a ready task's file as a blob with progress (spec 01 §7) and saves it. The server marks
 * the task downloaded on the first complete fetch (and pushes it); the list shows 4 at once.
 */
export async function downloadTaskFile(
  task: DownloadTask,
  onLocalStatus?: (id: number, status: number) => void,
): Promise<boolean> {
  const url = task.filePath || filePathOf(task.id);
  downloadsStore.set((s) => ({ ...s, transfer: { id: task.id, loaded: 0, total: task.fileSize || null } }));
  try {
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) {
      showError(await failureMessage(response));
      return false;
    }
    const length = Number(response.headers.get('Content-Length'));
    const total = Number.isFinite(length) && length > 0 ? length : task.fileSize || null;
    let blob: Blob;
    if (response.body) {
      const reader = response.body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let loaded = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        loaded += value.byteLength;
        downloadsStore.set((s) => ({ ...s, transfer: { id: task.id, loaded, total } }));
      }
      blob = new Blob(chunks, { type: response.headers.get('Content-Type') ?? 'application/octet-stream' });
    } else {
      blob = await response.blob();
    }
    saveBlob(blob, downloadFileName(displayName(task)));
    setLocalStatus(task.id, FileStatus.Downloaded);
    onLocalStatus?.(task.id, FileStatus.Downloaded);
    return true;
  } catch (e) {
    showError(e instanceof Error ? `下载失败：${e.message}` : '下载失败');
    return false;
  } finally {
    downloadsStore.set((s) => ({ ...s, transfer: null }));
  }
}

/**
 * Submits an Excel export (01 §4 "Export"): 已加入到下载队列 and the queue count on success; the
 * over-limit answer is shown as a warning; other failures are only logged (01 §8).
 */
export async function submitExport(task: ExcelExport): Promise<boolean> {
  const seq = pushSeq;
  try {
    const { queueCount } = await submitExcelTask(task);
    if (seq === pushSeq) downloadsStore.set((s) => ({ ...s, queueCount }));
    info(QUEUED_TEXT);
    void refreshRecent();
    return true;
  } catch (e) {
    if (isApiError(e) && e.message === EXPORT_OVER_LIMIT_TEXT) {
      warn(EXPORT_OVER_LIMIT_TEXT);
    } else if (!isApiError(e, 'A0201')) {
      console.warn('加入下载队列失败', e);
    }
    return false;
  }
}

/**
 * Queues a paper as a Word document (下载讲义): 已加入到下载队列 and the queue count; the popover
 * follows the task through its magic_001 pushes. A failure shows the server's message.
 */
export async function submitPaper(paperId: number): Promise<boolean> {
  const seq = pushSeq;
  try {
    const { queueCount } = await submitPaperDownload(paperId);
    if (seq === pushSeq) downloadsStore.set((s) => ({ ...s, queueCount }));
    info(QUEUED_TEXT);
    void refreshRecent();
    return true;
  } catch {
    // the API client has shown the server's message
    return false;
  }
}
