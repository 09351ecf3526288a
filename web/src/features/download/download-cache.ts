// Keeps the download queue's queries in step with what the server reports: magic_001 pushes, the
// answers of queueing calls, local status changes (a file fetched, a task queued again).

import type { QueryClient } from '@tanstack/react-query';
import { createStore, type Store } from '@/lib/store';
import { type DownloadFilters, type DownloadListKey, downloadKeys } from './api/download-keys';
import type { DownloadCounts } from './api/get-download-counts';
import type { DownloadList } from './api/get-download-list';
import {
  applyPushToTasks,
  type DownloadPush,
  isGenerated,
  isProgressReport,
  type TaskChange,
  withLocalStatus,
} from './download-push';
import { FileStatus } from './download-rules';

/** Each query client's statuses seen from pushes, to tell transitions (文件生成完成 once). */
const seenStatuses = new WeakMap<QueryClient, Map<number, number>>();

function seenBy(client: QueryClient): Map<number, number> {
  let seen = seenStatuses.get(client);
  if (!seen) {
    seen = new Map();
    seenStatuses.set(client, seen);
  }
  return seen;
}

/** Percent written of each export being generated (status 2), by task id. */
export type GenerationProgress = ReadonlyMap<number, number>;

/** Each query client's export progress, from magic_001 progress reports. */
const progressStores = new WeakMap<QueryClient, Store<GenerationProgress>>();

/** The export progress of the tasks `client` follows. */
export function generationProgress(client: QueryClient): Store<GenerationProgress> {
  let store = progressStores.get(client);
  if (!store) {
    store = createStore<GenerationProgress>(new Map());
    progressStores.set(client, store);
  }
  return store;
}

/** Sets (or, with undefined, forgets) a task's export progress. */
function setProgress(client: QueryClient, id: number, percent: number | undefined): void {
  generationProgress(client).set((progress) => {
    if (progress.get(id) === percent) return progress;
    const next = new Map(progress);
    if (percent === undefined) next.delete(id);
    else next.set(id, percent);
    return next;
  });
}

/** Every cached list, with the filters it was read with. */
function cachedLists(client: QueryClient): { key: DownloadListKey; list: DownloadList }[] {
  return client
    .getQueriesData<DownloadList>({ queryKey: downloadKeys.lists() })
    .flatMap(([key, list]) => (list ? [{ key: key as DownloadListKey, list }] : []));
}

/** A task's status as last seen, from pushes or from a list. */
function lastSeenStatus(client: QueryClient, id: number): number | undefined {
  const seen = seenBy(client).get(id);
  if (seen !== undefined) return seen;
  for (const { list } of cachedLists(client)) {
    const task = list.tasks.find((t) => t.id === id);
    if (task) return task.fileStatus;
  }
  return undefined;
}

/** Whether a task in `status` belongs in a list filtered by `filters`' statuses. */
export function matchesStatus(status: number, filters: DownloadFilters): boolean {
  return !filters.fileStatus?.length || filters.fileStatus.includes(status);
}

/**
 * Applies a magic_001 push: the counts, then either a progress report (the task's percent; no
 * list is touched, it is no status change) or the task's change. Answers whether the push
 * brought the task to 3 (文件生成完成).
 */
export function applyDownloadPush(client: QueryClient, push: DownloadPush): boolean {
  client.setQueryData<DownloadCounts>(downloadKeys.counts(), {
    queueCount: push.value.queueCount,
    doneCount: push.value.doneCount,
  });
  if (isProgressReport(push)) {
    setProgress(client, push.id, push.value.progress);
    return false;
  }
  return applyTaskChange(client, push);
}

/** A task was deleted here: it leaves every list at once (the push that follows brings the counts). */
export function removeTask(client: QueryClient, id: number): void {
  applyTaskChange(client, { id, fileStatus: null, value: {} });
}

/**
 * A task's status changed: every cached list holding the task (in place), and a new read of the
 * lists that must change otherwise (a task they do not hold — newest first, so possibly theirs —,
 * a deletion, a task leaving a status filter, or a ready file whose size the change does not
 * bring). Answers whether the task turned 3 (文件生成完成).
 */
function applyTaskChange(client: QueryClient, change: TaskChange): boolean {
  setProgress(client, change.id, undefined);
  const generated = isGenerated(lastSeenStatus(client, change.id), change);
  const deleted = change.fileStatus === null;
  const sizeUnknown = change.fileStatus === FileStatus.Ready && change.value.fileSize === undefined;
  for (const { key, list } of cachedLists(client)) {
    const { tasks, found } = applyPushToTasks(list.tasks, change);
    // A task that left the filtered statuses is not edited in place: the new read drops it.
    const stays = change.fileStatus === null || matchesStatus(change.fileStatus, key[2].filters);
    if (found && stays)
      client.setQueryData<DownloadList>(key, { tasks, total: deleted ? Math.max(0, list.total - 1) : list.total });
    if (!found || !stays || deleted || sizeUnknown) {
      void client.invalidateQueries({ queryKey: key, exact: true });
    }
  }
  const seen = seenBy(client);
  if (change.fileStatus === null) seen.delete(change.id);
  else seen.set(change.id, change.fileStatus);
  return generated;
}

/** A task's status changed here (its file fetched, queued again): every cached list shows it. */
export function setTaskStatus(client: QueryClient, id: number, status: number): void {
  client.setQueriesData<DownloadList>({ queryKey: downloadKeys.lists() }, (list) =>
    list ? { ...list, tasks: withLocalStatus(list.tasks, id, status) } : list,
  );
  seenBy(client).set(id, status);
}

/** The version of the counts: an answer read from it applies only while nothing has changed them. */
export function countsVersion(client: QueryClient): number {
  return client.getQueryState(downloadKeys.counts())?.dataUpdateCount ?? 0;
}

/** A queueing call's answer: its queue count, unless a push changed the counts meanwhile. */
export function answerQueueCount(client: QueryClient, version: number, queueCount: number): boolean {
  if (countsVersion(client) !== version) return false;
  client.setQueryData<DownloadCounts>(downloadKeys.counts(), (counts) => ({
    queueCount,
    doneCount: counts?.doneCount ?? null,
  }));
  return true;
}

/** The lists are read again (a new task was queued here). */
export function refreshDownloadLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: downloadKeys.lists() });
}
