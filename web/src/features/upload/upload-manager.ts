// The upload manager (spec 01 §3 "Upload item", §4 "Upload", §8 upload errors, §9 maxCount).
//
// Files are queued (等待中) and start while fewer than Limits.MAX_CONCURRENT_UPLOADS are active;
// an active upload reports its progress (never backwards), completes (上传完成, status 2 at
// 100%) and is saved as a drive resource (已保存). An item opened for a learning camp (campId and phaseId, 01
// §4, 03 §4) then becomes a task of that phase (已添加到营; failing that, 添加到任务中失败); without
// both ids no task is added (01 §5). Finished items move from the active list to the success
// list, failed ones to the error list (status -1), and the next queued files start. A retry
// puts the same item back in the queue: only the steps still to do run again (a failed save or
// task step repeats only that step), a sliced upload resumes with its credential while it is
// valid, anything else opens a new upload (a new file id for the same item). An item that has a
// task points it at the new file (update-task-bizId) instead of adding another task.
//
// `createUploadManager` takes the transfer, save and camp-task steps as dependencies, so the
// queue rules are tested on their own; `uploadManager` (upload-manager-instance.ts) is the app's
// instance over the real calls.

import type { AddPhaseTaskRequest } from '@/generated/AddPhaseTaskRequest';
import { Limits } from '@/generated/codes';
import type { PhaseTask } from '@/generated/PhaseTask';
import type { ResourceItem } from '@/generated/ResourceItem';
import type { UpdateTaskBizIdRequest } from '@/generated/UpdateTaskBizIdRequest';
import type { UploadClass } from '@/generated/UploadClass';
import type { UploadedFile } from '@/generated/UploadedFile';
import { createStore, type Store } from '@/lib/store';
import {
  ADD_TASK_FAILED_TEXT,
  failureOf,
  NO_PROGRESS_MESSAGE,
  UPLOAD_TEXT,
  type UploadItem,
  UploadStatus,
  withProgress,
} from './upload-item';
import { findItem, initialUploadsState, moveItem, updateItem, type UploadsState } from './upload-queue';
import { type CampContext, checkUpload, extensionOf, hasCampPhase } from './upload-rules';
import type { TransferHooks } from './upload-transfer';

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
  /** Uploads at once; Limits.MAX_CONCURRENT_UPLOADS by default. */
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
  /** Calls `listener` after each save (a new resource of the drive); answers the unsubscribe. */
  onSaved(listener: (resource: ResourceItem) => void): () => void;
}

export function createUploadManager(deps: UploadDeps): UploadManager {
  const maxCount = deps.maxCount ?? Limits.MAX_CONCURRENT_UPLOADS;
  const store = createStore<UploadsState>(initialUploadsState);
  const savedListeners = new Set<(resource: ResourceItem) => void>();
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
        set((st) => updateItem(st, uid, (i) => ({ ...i, resource, uploadStatus: UPLOAD_TEXT.saved, error: null })));
        savedListeners.forEach((listener) => listener(resource));
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
    onSaved(listener) {
      savedListeners.add(listener);
      return () => {
        savedListeners.delete(listener);
      };
    },
  };
}
