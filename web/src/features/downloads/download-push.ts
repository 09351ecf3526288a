// magic_001, the download queue's push (spec 01 §4): the server pushes it on every status change
// of a task with the owner's queue figures:
// {id: taskId, fileStatus (null once deleted), value: {fileName, queueCount, doneCount, error,
// filePathVersion}}. Pure functions: reading a push and applying it to a list of tasks.

import type { DownloadTask, PushContent } from '@/lib/wire-types';
import { FileStatus, filePathOf, hasFile } from './download-rules';

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

/**
 * Applies a push to a list of tasks: the task's status in place (unless the list already has a
 * newer version of the task), or its removal.
 */
export function applyPushToTasks(
  tasks: readonly DownloadTask[],
  push: DownloadPush,
): { tasks: DownloadTask[]; found: boolean } {
  const index = tasks.findIndex((t) => t.id === push.id);
  const old = tasks[index];
  if (!old) return { tasks: [...tasks], found: false };
  if (push.fileStatus === null) return { tasks: tasks.filter((t) => t.id !== push.id), found: true };
  if (push.version !== null && push.version < old.filePathVersion) return { tasks: [...tasks], found: true };
  const next: DownloadTask = {
    ...old,
    fileStatus: push.fileStatus,
    fileName: push.fileName ?? old.fileName,
    error: push.error ?? old.error,
    filePathVersion: push.version ?? old.filePathVersion,
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
export function isGenerated(previous: number | undefined, push: DownloadPush): boolean {
  return push.fileStatus === FileStatus.Ready && (previous === undefined || !hasFile(previous));
}
