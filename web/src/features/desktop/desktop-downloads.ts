// The desktop client's downloads in progress, from electron_download pushes (spec 01 §4, 03 §7.12):
// the server sends them to desktop sockets (client=desktop) while the desktop client fetches a
// task's file with ?progress=1: content.id is the task, content.value {received, total, percent}.
// A finished download is shown for 3 s more; the task's own push then says 已下载.

import { useEffect } from 'react';
import type { DesktopDownloadProgress } from '@/generated/DesktopDownloadProgress';
import { TypeCode } from '@/generated/codes';
import type { PushContent } from '@/generated/PushContent';
import { realtime, type RealtimeClient } from '@/lib/realtime';
import { createStore, useStore } from '@/lib/store';

/** How long a finished download stays shown. */
export const DONE_SHOWN_MS = 3000;

export type DesktopDownloads = ReadonlyMap<number, DesktopDownloadProgress>;

/** Downloads of the desktop client by task id. */
export const desktopDownloads = createStore<DesktopDownloads>(new Map());

const removals = new Map<number, ReturnType<typeof setTimeout>>();

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** Reads an electron_download content; null when it names no task or carries no progress. */
export function parseDesktopProgress(
  content: PushContent | null,
): { id: number; progress: DesktopDownloadProgress } | null {
  if (!content || typeof content.id !== 'number') return null;
  const value = content.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { received, total, percent } = value as Partial<Record<keyof DesktopDownloadProgress, unknown>>;
  if (!isCount(received) || !isCount(total) || !isCount(percent)) return null;
  return { id: content.id, progress: { received, total, percent: Math.min(100, Math.round(percent)) } };
}

function cancelRemoval(id: number): void {
  const timer = removals.get(id);
  if (timer) clearTimeout(timer);
  removals.delete(id);
}

/** Sets a task's progress; a finished one goes after DONE_SHOWN_MS. */
export function setDesktopProgress(id: number, progress: DesktopDownloadProgress): void {
  cancelRemoval(id);
  desktopDownloads.set((all) => new Map(all).set(id, progress));
  if (progress.percent >= 100) {
    removals.set(
      id,
      setTimeout(() => {
        removals.delete(id);
        forgetDesktopDownload(id);
      }, DONE_SHOWN_MS),
    );
  }
}

/** Forgets a task's download (cancelled, failed, deleted). */
export function forgetDesktopDownload(id: number): void {
  cancelRemoval(id);
  desktopDownloads.set((all) => {
    if (!all.has(id)) return all;
    const next = new Map(all);
    next.delete(id);
    return next;
  });
}

/** Whether the desktop client is fetching the task's file now. */
export function isDesktopDownloading(id: number): boolean {
  const progress = desktopDownloads.get().get(id);
  return progress !== undefined && progress.percent < 100;
}

export function useDesktopDownload(id: number): DesktopDownloadProgress | undefined {
  return useStore(desktopDownloads, (all) => all.get(id));
}

/** Follows electron_download pushes into the store. Mounted once, by the main layout. */
export function useDesktopDownloadRealtime(client: RealtimeClient = realtime): void {
  useEffect(
    () =>
      client.subscribe(TypeCode.DesktopDownloadProgress, (m) => {
        const push = parseDesktopProgress(m.content);
        if (push) setDesktopProgress(push.id, push.progress);
      }),
    [client],
  );
}
