// The upload manager (spec 01 §3 "Upload item", §4 "Upload", §8 upload errors, §9 maxCount).
//
// Files are queued (等待中) and start while fewer than UPLOAD_MAX_COUNT are active; an active
// upload reports its progress (never backwards), completes (上传完成, status 2 at 100%) and is
// saved as a drive resource (已保存). An item opened for a learning camp (campId and phaseId, 01
// §4, 03 §4) then becomes a task of that phase (已添加到营; failing that, 添加到任务中失败); without
// both ids no task is added (01 §5). Finished items move from the active list to the success
// list, failed ones to the error list (status -1), and the next queued files start. A retry
// puts the same item back in the queue: only the steps still to do run again (a failed save or
// task step repeats only that step), a sliced upload resumes with its credential while it is
// valid, anything else opens a new upload (a new file id for the same item). An item that has a
// task points it at the new file (update-task-bizId) instead of adding another task.
//
// `createUploadManager` takes the transfer, save and camp-task steps as dependencies, so the
// queue rules are tested on their own; `uploadManager` is the app's instance over the real calls.

import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, UPLOAD_MAX_COUNT } from '@/config/constants';
import { isApiError } from '@/lib/api-client';
import { createStore, type Store } from '@/lib/store';
import type {
  AddPhaseTaskRequest,
  PhaseTask,
  ResourceItem,
  StorageCertificate,
  UpdateTaskBizIdRequest,
  UploadClass,
  UploadedFile,
} from '@/lib/wire-types';
import { addPhaseTask, saveResource, updateTaskBizId } from './api/uploads';
import { type CampContext, checkUpload, extensionOf, hasCampPhase, isMediaUploadClass } from './upload-rules';
import { type TransferHooks, uploadSignedPut, uploadSliced } from './upload-transfer';

// ---------------------------------------------------------------------------------------------
// Statuses and texts

/** The item's `status` (01 §3): -1 failed, 0 waiting, 1 uploading, 2 success. */
export const UploadStatus = {
  Failed: -1,
  Waiting: 0,
  Uploading: 1,
  Success: 2,
} as const;

export type UploadStatusCode = (typeof UploadStatus)[keyof typeof UploadStatus];

/** The item's `uploadStatus` texts (01 §4 "Upload", §8). */
export const UPLOAD_TEXT = {
  waiting: '等待中',
  uploading: '上传中',
  uploaded: '上传完成',
  saved: '已保存',
  addedToCamp: '已添加到营',
  saveFailed: '保存失败',
  networkAnomaly: '网络异常',
  networkError: '网络错误',
  noProgress: '无法计算进度',
  failed: '文件上传失败，请重试',
} as const;

/** The error of an item whose file could not be made a camp task (03 §8). */
export const ADD_TASK_FAILED_TEXT = '添加到任务中失败';

/** The toast when the browser cannot compute an upload's progress (01 §8). */
export const NO_PROGRESS_MESSAGE = '无法计算文件上传进度';

/**
 * The status text of a failed upload step: 网络错误 when the request never got an answer,
 * 网络异常 on a timeout or a gateway failure, else 文件上传失败，请重试. `detail` is the
 * server's own message (e.g. an A0400 refusal), shown with it.
 */
export function failureOf(e: unknown): { text: string; detail: string | null } {
  if (isApiError(e)) {
    if (e.code === 'NETWORK') return { text: UPLOAD_TEXT.networkError, detail: null };
    if (e.code === 'TIMEOUT') return { text: UPLOAD_TEXT.networkAnomaly, detail: null };
    if (e.code.startsWith('HTTP_')) {
      return e.status === 0 || e.status >= 500
        ? { text: UPLOAD_TEXT.networkAnomaly, detail: null }
        : { text: UPLOAD_TEXT.failed, detail: e.message };
    }
    if (e.code === 'CANCELLED') return { text: UPLOAD_TEXT.failed, detail: null };
    return { text: UPLOAD_TEXT.failed, detail: e.message };
  }
  return { text: UPLOAD_TEXT.failed, detail: null };
}

// ---------------------------------------------------------------------------------------------
// Items

export interface UploadItem {
  uid: string;
  file: File;
  /** The server's id of the upload, once opened (a fresh retry replaces it). */
  fileId: string | null;
  /** The name it is stored under (01 §5: non-word characters → `_`, at most 95 characters). */
  fileName: string;
  size: number;
  cls: UploadClass;
  /** 0–100; never goes backwards within an attempt. */
  progress: number;
  /** The status text. */
  uploadStatus: string;
  status: UploadStatusCode;
  /** The server's message of the last failure. */
  error: string | null;
  /** Media and images: the signed PUT URL. */
  uploadUrl: string | null;
  /** Documents: the credential of the sliced upload. */
  certificate: StorageCertificate | null;
  /** Documents: slices already stored (a retry with the same credential skips them). */
  sentSlices: number[];
  /** Set once the bytes are up: a retry after a failed save only saves. */
  uploaded: UploadedFile | null;
  /** Set once saved. */
  resource: ResourceItem | null;
  /** The camp phase the finished file goes to as a task, or null for a plain upload. */
  camp: CampContext | null;
  /** The camp task made of this file (or whose file it replaces). */
  taskId: number | null;
}

/** A progress update: percent rounded down, at most 99 until the upload completes, never lower. */
export function withProgress(item: UploadItem, fraction: number | null): UploadItem {
  if (fraction === null)
    return item.uploadStatus === UPLOAD_TEXT.noProgress ? item : { ...item, uploadStatus: UPLOAD_TEXT.noProgress };
  const percent = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
  const uploadStatus = UPLOAD_TEXT.uploading;
  if (percent <= item.progress && item.uploadStatus === uploadStatus) return item;
  return { ...item, progress: Math.max(item.progress, percent), uploadStatus };
}

// ---------------------------------------------------------------------------------------------
// State

export interface UploadsState {
  /** Queued, in order (status 0). */
  waiting: UploadItem[];
  /** Uploading or saving, at most `maxCount` (status 1, or 2 while saving). */
  active: UploadItem[];
  /** Saved, newest first (status 2). */
  success: UploadItem[];
  /** Failed, newest first (status -1). */
  error: UploadItem[];
  /** Counts saves: the resource list reads itself again when it changes. */
  savedVersion: number;
}

export const initialUploadsState: UploadsState = {
  waiting: [],
  active: [],
  success: [],
  error: [],
  savedVersion: 0,
};

type ListName = 'waiting' | 'active' | 'success' | 'error';
const LISTS: readonly ListName[] = ['waiting', 'active', 'success', 'error'];

/** Where an item is, or null. */
export function findItem(state: UploadsState, uid: string): { list: ListName; item: UploadItem } | null {
  for (const list of LISTS) {
    const item = state[list].find((i) => i.uid === uid);
    if (item) return { list, item };
  }
  return null;
}

/** Applies `fn` to the item wherever it is. */
function updateItem(state: UploadsState, uid: string, fn: (item: UploadItem) => UploadItem): UploadsState {
  const found = findItem(state, uid);
  if (!found) return state;
  const next = fn(found.item);
  if (next === found.item) return state;
  return { ...state, [found.list]: state[found.list].map((i) => (i.uid === uid ? next : i)) };
}

/** Moves the item to `to` (front of success and error, end of waiting and active). */
function moveItem(
  state: UploadsState,
  uid: string,
  to: ListName,
  fn: (item: UploadItem) => UploadItem = (i) => i,
): UploadsState {
  const found = findItem(state, uid);
  if (!found) return state;
  const item = fn(found.item);
  const removed = { ...state, [found.list]: state[found.list].filter((i) => i.uid !== uid) };
  const target = removed[to];
  return { ...removed, [to]: to === 'success' || to === 'error' ? [item, ...target] : [...target, item] };
}

// ---------------------------------------------------------------------------------------------
// The manager

export interface UploadDeps {
  /** Sends the item's bytes; resolves with the finished upload. */
  transfer(item: UploadItem, hooks: TransferHooks): Promise<UploadedFile>;
  /** Makes a finished upload a resource. */
  save(uploaded: UploadedFile, item: UploadItem): Promise<ResourceItem>;
  /** Adds finished uploads as tasks of a camp phase. */
  addPhaseTask(request: AddPhaseTaskRequest): Promise<PhaseTask[]>;
  /** Points an existing camp task at another finished upload. */
  updateTaskBizId(request: UpdateTaskBizIdRequest): Promise<PhaseTask>;
  /** Shows a message (a failure, a refusal). */
  notify(message: string, kind: 'error' | 'warning'): void;
  /** Uploads at once; UPLOAD_MAX_COUNT by default. */
  maxCount?: number;
}

export interface AddResult {
  added: UploadItem[];
  /** One message per refused file. */
  refused: string[];
}

export interface UploadManager {
  store: Store<UploadsState>;
  /**
   * Queues the files `classes` accepts; refuses the others with a message each. With `camp`
   * (a camp and a phase) each finished file becomes a task of that phase.
   */
  add(files: readonly File[], classes: readonly UploadClass[], camp?: CampContext | null): AddResult;
  /** Puts a failed item back in the queue. */
  retry(uid: string): void;
  /** Removes a waiting (cancel), failed or finished item; an active upload is not removed. */
  remove(uid: string): boolean;
  /** Empties the success list (of some classes only, when given). */
  clearSuccess(classes?: readonly UploadClass[]): void;
}

export function createUploadManager(deps: UploadDeps): UploadManager {
  const maxCount = deps.maxCount ?? UPLOAD_MAX_COUNT;
  const store = createStore<UploadsState>(initialUploadsState);
  let seq = 0;

  const set = (fn: (s: UploadsState) => UploadsState) => store.set(fn);

  const pump = () => {
    for (;;) {
      const s = store.get();
      const next = s.waiting[0];
      if (!next || s.active.length >= maxCount) return;
      set((st) =>
        moveItem(st, next.uid, 'active', (i) => ({
          ...i,
          status: i.uploaded ? UploadStatus.Success : UploadStatus.Uploading,
          uploadStatus: i.resource ? UPLOAD_TEXT.saved : i.uploaded ? UPLOAD_TEXT.uploaded : UPLOAD_TEXT.uploading,
        })),
      );
      void run(next.uid);
    }
  };

  const fail = (uid: string, text: string, detail: string | null) => {
    set((st) =>
      moveItem(st, uid, 'error', (i) => ({ ...i, status: UploadStatus.Failed, uploadStatus: text, error: detail })),
    );
    const item = findItem(store.get(), uid)?.item;
    deps.notify(`${item?.fileName ?? ''}：${detail ?? text}`, 'error');
  };

  /** The task step failed: the file is up (and saved), so the status text stays; the error says why. */
  const failTask = (uid: string, e: unknown) => {
    set((st) =>
      moveItem(st, uid, 'error', (i) => ({ ...i, status: UploadStatus.Failed, error: ADD_TASK_FAILED_TEXT })),
    );
    const item = findItem(store.get(), uid)?.item;
    const detail = failureOf(e).detail;
    deps.notify(`${item?.fileName ?? ''}：${ADD_TASK_FAILED_TEXT}${detail ? `（${detail}）` : ''}`, 'error');
  };

  /**
   * Makes the finished file `bizId` a task of the camp phase: the item's task is pointed at it
   * when it has one, else one task named after the file is added. The server takes a fileId or
   * a resource id; the fileId names the file whatever its class.
   */
  const addToCamp = async (camp: CampContext, item: UploadItem, bizId: string): Promise<PhaseTask> => {
    if (item.taskId !== null) return deps.updateTaskBizId({ taskId: item.taskId, bizId });
    const ext = extensionOf(item.fileName);
    const taskName = ext ? item.fileName.slice(0, -(ext.length + 1)) : item.fileName;
    const [task] = await deps.addPhaseTask({
      campId: camp.campId,
      phaseId: camp.phaseId,
      taskList: [{ bizId, taskName, ext, taskType: camp.taskType }],
    });
    if (!task) throw new Error('add-phase-task answered no task');
    return task;
  };

  async function run(uid: string): Promise<void> {
    const current = () => findItem(store.get(), uid)?.item ?? null;
    const start = current();
    if (!start) return;
    try {
      let uploaded = start.uploaded;
      if (!uploaded) {
        let warnedNoProgress = false;
        try {
          uploaded = await deps.transfer(start, {
            onProgress: (fraction) => {
              // Only while uploading: a late event of a failed attempt changes nothing.
              if (findItem(store.get(), uid)?.list !== 'active') return;
              set((st) => updateItem(st, uid, (i) => withProgress(i, fraction)));
              if (fraction === null && !warnedNoProgress) {
                warnedNoProgress = true;
                deps.notify(NO_PROGRESS_MESSAGE, 'warning');
              }
            },
            onOpened: (opened) => {
              set((st) =>
                updateItem(st, uid, (i) =>
                  opened.route === 'signed-put'
                    ? { ...i, fileId: opened.fileId, uploadUrl: opened.uploadUrl, certificate: null, sentSlices: [] }
                    : {
                        ...i,
                        fileId: opened.fileId,
                        uploadUrl: null,
                        certificate: opened.certificate,
                        sentSlices: opened.certificate === i.certificate ? i.sentSlices : [],
                      },
                ),
              );
            },
            onSliceSent: (index) => {
              set((st) =>
                updateItem(st, uid, (i) =>
                  i.sentSlices.includes(index) ? i : { ...i, sentSlices: [...i.sentSlices, index] },
                ),
              );
            },
          });
        } catch (e) {
          const { text, detail } = failureOf(e);
          fail(uid, text, detail);
          return;
        }
        const done = uploaded;
        set((st) =>
          updateItem(st, uid, (i) => ({
            ...i,
            fileId: done.fileId,
            uploaded: done,
            progress: 100,
            status: UploadStatus.Success,
            uploadStatus: UPLOAD_TEXT.uploaded,
            sentSlices: [],
          })),
        );
      }
      const unsaved = current();
      if (!unsaved) return;
      if (!unsaved.resource) {
        let resource: ResourceItem;
        try {
          resource = await deps.save(uploaded, unsaved);
        } catch (e) {
          fail(uid, UPLOAD_TEXT.saveFailed, failureOf(e).detail);
          return;
        }
        set((st) => ({
          ...updateItem(st, uid, (i) => ({ ...i, resource, uploadStatus: UPLOAD_TEXT.saved, error: null })),
          savedVersion: st.savedVersion + 1,
        }));
      }
      const item = current();
      if (!item) return;
      if (!hasCampPhase(item.camp)) {
        set((st) => moveItem(st, uid, 'success'));
        return;
      }
      let task: PhaseTask;
      try {
        task = await addToCamp(item.camp, item, uploaded.fileId);
      } catch (e) {
        failTask(uid, e);
        return;
      }
      set((st) =>
        moveItem(st, uid, 'success', (i) => ({
          ...i,
          taskId: task.taskId,
          uploadStatus: UPLOAD_TEXT.addedToCamp,
          error: null,
        })),
      );
    } finally {
      pump();
    }
  }

  return {
    store,
    add(files, classes, camp) {
      // 01 §5: without both a camp and a phase id the files are plain uploads.
      const target = hasCampPhase(camp) ? { ...camp } : null;
      const added: UploadItem[] = [];
      const refused: string[] = [];
      for (const file of files) {
        const check = checkUpload(file, classes);
        if (!check.ok) {
          refused.push(check.message);
          continue;
        }
        seq += 1;
        added.push({
          uid: `upload-${Date.now().toString(36)}-${seq}`,
          file,
          fileId: null,
          fileName: check.fileName,
          size: file.size,
          cls: check.cls,
          progress: 0,
          uploadStatus: UPLOAD_TEXT.waiting,
          status: UploadStatus.Waiting,
          error: null,
          uploadUrl: null,
          certificate: null,
          sentSlices: [],
          uploaded: null,
          resource: null,
          camp: target,
          taskId: target?.taskId ?? null,
        });
      }
      refused.forEach((m) => deps.notify(m, 'warning'));
      if (added.length > 0) {
        set((st) => ({ ...st, waiting: [...st.waiting, ...added] }));
        pump();
      }
      return { added, refused };
    },
    retry(uid) {
      const found = findItem(store.get(), uid);
      if (!found || found.list !== 'error') return;
      set((st) =>
        moveItem(st, uid, 'waiting', (i) => {
          // A fresh upload starts at 0; a save retry or a resumable sliced upload keeps its progress.
          const keeps = i.uploaded !== null || (i.certificate !== null && i.sentSlices.length > 0);
          return {
            ...i,
            status: UploadStatus.Waiting,
            uploadStatus: UPLOAD_TEXT.waiting,
            error: null,
            progress: keeps ? i.progress : 0,
          };
        }),
      );
      pump();
    },
    remove(uid) {
      const found = findItem(store.get(), uid);
      if (!found || found.list === 'active') return false;
      set((st) => ({ ...st, [found.list]: st[found.list].filter((i) => i.uid !== uid) }));
      return true;
    },
    clearSuccess(classes) {
      set((st) => ({ ...st, success: classes ? st.success.filter((i) => !classes.includes(i.cls)) : [] }));
    },
  };
}

/**
 * The app's transfer step: media and images by a signed PUT (getMediaUploadUrl with the item's
 * class), documents sliced (resuming when possible).
 */
export function transferItem(item: UploadItem, hooks: TransferHooks): Promise<UploadedFile> {
  if (isMediaUploadClass(item.cls)) return uploadSignedPut(item.file, item.fileName, item.cls, hooks);
  const resume = item.certificate ? { certificate: item.certificate, sentSlices: item.sentSlices } : null;
  return uploadSliced(item.file, item.fileName, hooks, { resume });
}

export const uploadManager: UploadManager = createUploadManager({
  transfer: transferItem,
  save: (uploaded) => saveResource(uploaded.fileId),
  addPhaseTask,
  updateTaskBizId,
  notify: (message, kind) =>
    notifications.show({ color: kind === 'error' ? 'red' : 'yellow', message, autoClose: TOAST_DURATION_MS }),
});
