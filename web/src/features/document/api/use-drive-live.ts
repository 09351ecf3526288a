// The drive follows its pushes (no poll). `magic_drive_changed` (a signal, value DriveChange)
// says items of a space the user can see changed — in another tab, by a team member, through a
// share: the drive's queries on screen are read again at once (bursts of changes, a batch of
// moves, read again at most once per window after that). After the push socket reconnects, a
// change may have been missed: everything is read again. `magic_drive_job` (value DriveJob) says
// how a copy job of the user is getting on.

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { TypeCode } from '@/generated/codes';
import type { DriveChange } from '@/generated/DriveChange';
import type { DriveJob } from '@/generated/DriveJob';
import { coalesce } from '@/lib/coalesce';
import { realtime, type RealtimeClient, type RealtimeMessage } from '@/lib/realtime';
import { refreshDrive } from './items';

/** Drive changes read the drive again at most once per this window (the first at once). */
export const CHANGE_WINDOW_MS = 500;

const objectValue = (message: RealtimeMessage): Record<string, unknown> | null => {
  const value = message.content?.value;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
};

/** The DriveChange a push carries, or null. */
export function driveChangeOf(message: RealtimeMessage): DriveChange | null {
  const value = objectValue(message);
  if (!value || typeof value.teamId !== 'number') return null;
  const folderIds = Array.isArray(value.folderIds) ? value.folderIds.filter((id) => typeof id === 'number') : [];
  return { teamId: value.teamId, folderIds };
}

/** The DriveJob a push carries, or null. */
export function driveJobOf(message: RealtimeMessage): DriveJob | null {
  const value = objectValue(message);
  if (!value) return null;
  const { jobId, status, percent, total, error } = value;
  if (typeof jobId !== 'number' || typeof status !== 'number') return null;
  const job: DriveJob = {
    jobId,
    status,
    percent: typeof percent === 'number' ? percent : 0,
    total: typeof total === 'number' ? total : 0,
  };
  if (typeof error === 'string' && error) job.error = error;
  return job;
}

/**
 * Reads the drive again on every drive change pushed and after each reconnect; hands each copy
 * job's progress to `onJob`.
 */
export function useDriveLive(onJob?: (job: DriveJob) => void, client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient();
  const latest = useRef(onJob);
  useEffect(() => {
    latest.current = onJob;
  });
  const changed = useMemo(() => coalesce(() => void refreshDrive(queryClient), CHANGE_WINDOW_MS), [queryClient]);
  useEffect(() => {
    const offs = [
      client.subscribe(TypeCode.DriveChanged, (message) => {
        if (driveChangeOf(message)) changed();
      }),
      client.subscribe(TypeCode.DriveJobProgress, (message) => {
        const job = driveJobOf(message);
        if (job) latest.current?.(job);
      }),
      client.onReconnected(() => void refreshDrive(queryClient)),
    ];
    return () => {
      offs.forEach((off) => off());
      changed.cancel();
    };
  }, [client, changed, queryClient]);
}
