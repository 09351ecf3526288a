// The camp pushes (`magic_camp_changed`, to the camp's owner): a camp's structure (phases, tasks,
// rule), its state (publish, pause, …) or its members' progress changed. The builder reads its
// camp again on 'structure' and 'state', the statistics on 'progress'; both subscribe here.

import { useEffect, useRef } from 'react';
import type { CampChange } from '@/generated/CampChange';
import { TypeCode } from '@/generated/codes';
import { realtime, type RealtimeClient, type RealtimeMessage } from '@/lib/realtime';

export type CampChangeKind = 'structure' | 'state' | 'progress';

/** The CampChange a push carries, or null when its value is not one. */
export function campChangeOf(message: RealtimeMessage): CampChange | null {
  const value = message.content?.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { campId, kind, memberId, taskId } = value as Record<string, unknown>;
  if (typeof campId !== 'number' || typeof kind !== 'string') return null;
  const change: CampChange = { campId, kind };
  if (typeof memberId === 'number') change.memberId = memberId;
  if (typeof taskId === 'number') change.taskId = taskId;
  return change;
}

/**
 * Calls `onChange` with every camp change pushed to the signed-in user, and `onReconnected` after
 * the push socket reconnects (a change may have been missed: read again). The latest callbacks are
 * used; subscribing happens once per client.
 */
export function useCampChanges(
  onChange: (change: CampChange) => void,
  onReconnected?: () => void,
  client: RealtimeClient = realtime,
): void {
  const latest = useRef({ onChange, onReconnected });
  useEffect(() => {
    latest.current = { onChange, onReconnected };
  });
  useEffect(() => {
    const offs = [
      client.subscribe(TypeCode.CampChanged, (message) => {
        const change = campChangeOf(message);
        if (change) latest.current.onChange(change);
      }),
      client.onReconnected(() => latest.current.onReconnected?.()),
    ];
    return () => offs.forEach((off) => off());
  }, [client]);
}
