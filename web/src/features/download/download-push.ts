// magic_001, the download queue's push (spec 01 §4): the server pushes it on every status change
// of a task, and while an export is written, with the owner's queue figures:
// {id: taskId, fileStatus (null once deleted), value: DownloadStatus}. A status change carries the
// task's name, size, error and version; a progress report (status 2) carries only `progress` and
// the counts. Pure functions: reading a push and applying it to a list of tasks.

import type { DownloadStatus } from '@/generated/DownloadStatus';
import type { DownloadTask } from '@/generated/DownloadTask';
import type { PushContent } from '@/generated/PushContent';
import { FileStatus, filePathOf, hasFile } from './download-rules';

/** A decoded magic_001 push. */
export interface DownloadPush {
  /** The task. */
  id: number;
  /** null: the task was deleted. */
  fileStatus: number | null;
  value: DownloadStatus;
}

/** What the lists take of a push (a local deletion has no queue figures). */
export type TaskChange = Pick<DownloadPush, 'id' | 'fileStatus'> & { value: Partial<DownloadStatus> };

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A magic_001 `value`: an object with the queue figures every DownloadStatus carries. */
function isDownloadStatus(value: unknown): value is DownloadStatus {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { queueCount, doneCount } = value as Partial<Record<keyof DownloadStatus, unknown>>;
  return isNumber(queueCount) && isNumber(doneCount);
}

/** Reads a magic_001 content; null when it names no task or carries no DownloadStatus. */
export function parseDownloadPush(content: PushContent | null): DownloadPush | null {
  if (!content || !isNumber(content.id) || !isDownloadStatus(content.value)) return null;
  return { id: content.id, fileStatus: isNumber(content.fileStatus) ? content.fileStatus : null, value: content.value };
}

/** Whether the push reports how far an export is, not a status change. */
export function isProgressReport(push: DownloadPush): push is DownloadPush & { value: { progress: number } } {
  return push.fileStatus === FileStatus.Generating && isNumber(push.value.progress);
}

/**
 * Applies a status change to a list of tasks: the task's status in place (unless the list already
 * has a newer version of the task), or its removal.
 */
export function applyPushToTasks(
  tasks: readonly DownloadTask[],
  push: TaskChange,
): { tasks: DownloadTask[]; found: boolean } {
  const index = tasks.findIndex((t) => t.id === push.id);
  const old = tasks[index];
  if (!old) return { tasks: [...tasks], found: false };
  if (push.fileStatus === null) return { tasks: tasks.filter((t) => t.id !== push.id), found: true };
  const { fileName, fileSize, error, filePathVersion } = push.value;
  if (filePathVersion !== undefined && filePathVersion < old.filePathVersion) return { tasks: [...tasks], found: true };
  const next: DownloadTask = {
    ...old,
    fileStatus: push.fileStatus,
    fileName: fileName ?? old.fileName,
    fileSize: fileSize ?? old.fileSize,
    error: error ?? old.error,
    filePathVersion: filePathVersion ?? old.filePathVersion,
    filePath: hasFile(push.fileStatus) ? old.filePath || filePathOf(old.id) : '',
  };
  const copy = [...tasks];
  copy[index] = next;
  return { tasks: copy, found: true };
}

/**
 * A list read from the server against what the cache holds: a task the cache holds in a newer
 * version (a push that overtook the read) keeps its newer state.
 */
export function keepNewerTasks(read: readonly DownloadTask[], cached: readonly DownloadTask[]): DownloadTask[] {
  const byId = new Map(cached.map((t) => [t.id, t]));
  return read.map((t) => {
    const known = byId.get(t.id);
    return known && known.filePathVersion > t.filePathVersion ? known : t;
  });
}

/** A task's status changed locally (downloaded, queued again): the file path follows it. */
export function withLocalStatus(tasks: readonly DownloadTask[], id: number, status: number): DownloadTask[] {
  return tasks.map((t) =>
    t.id === id ? { ...t, fileStatus: status, filePath: hasFile(status) ? filePathOf(id) : '' } : t,
  );
}

/** Whether this push brings the task to 3 (文件生成完成), given its status seen before. */
export function isGenerated(previous: number | undefined, push: TaskChange): boolean {
  return push.fileStatus === FileStatus.Ready && (previous === undefined || !hasFile(previous));
}
