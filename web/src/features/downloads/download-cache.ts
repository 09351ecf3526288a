// Keeps the download queue's queries in step with what the server reports: magic_001 pushes, the
// answers of queueing calls, local status changes (a file fetched, a task queued again).

import type { QueryClient } from '@tanstack/react-query';
import { type DownloadFilters, type DownloadListKey, downloadKeys } from './api/download-keys';
import type { DownloadCounts } from './api/get-download-counts';
import type { DownloadList } from './api/get-download-list';
import { applyPushToTasks, type DownloadPush, isGenerated, withLocalStatus } from './download-push';
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
 * Applies a magic_001 push: the counts, every cached list holding the task (in place), and a new
 * read of the lists that must change otherwise (a task they do not hold — newest first, so
 * possibly theirs —, a deletion, a task leaving a status filter, or a ready file, whose size comes
 * with the list). Answers whether the push brought the task to 3 (文件生成完成).
 */
export function applyDownloadPush(client: QueryClient, push: DownloadPush): boolean {
  const generated = isGenerated(lastSeenStatus(client, push.id), push);
  client.setQueryData<DownloadCounts>(downloadKeys.counts(), (counts) => ({
    queueCount: push.queueCount ?? counts?.queueCount ?? 0,
    doneCount: push.doneCount ?? counts?.doneCount ?? null,
  }));
  const deleted = push.fileStatus === null;
  for (const { key, list } of cachedLists(client)) {
    const { tasks, found } = applyPushToTasks(list.tasks, push);
    // A task that left the filtered statuses is not edited in place: the new read drops it.
    const stays = push.fileStatus === null || matchesStatus(push.fileStatus, key[2].filters);
    if (found && stays)
      client.setQueryData<DownloadList>(key, { tasks, total: deleted ? Math.max(0, list.total - 1) : list.total });
    if (!found || !stays || deleted || push.fileStatus === FileStatus.Ready) {
      void client.invalidateQueries({ queryKey: key, exact: true });
    }
  }
  const seen = seenBy(client);
  if (push.fileStatus === null) seen.delete(push.id);
  else seen.set(push.id, push.fileStatus);
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
