// A lesson's page follows the lesson without polling. It watches the lesson (`liveLesson/watch`)
// on opening and renews the watch at half its length while open; while watched, the server tells
// every change by the `magic_live_lesson` signal (value LiveLessonChange {lessonId, what}), and
// the page reads again what changed of its own lesson only: the lesson for any change (presence,
// patrol, recording), the patrol records for a patrol. Entries and exits come in bursts at the
// start of a lesson: the lesson is read at once, then at most once per window. Signals are not
// replayed after a reconnect, so then the watch is renewed (it may have lapsed meanwhile) and the
// lesson and its records are read again. The recording is followed through the lesson: its
// playback is read per recording (see `liveLessonKeys`).

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { TypeCode } from '@/generated/codes';
import type { LiveLessonChange } from '@/generated/LiveLessonChange';
import { coalesce } from '@/lib/coalesce';
import { realtime, type RealtimeClient, type RealtimeMessage } from '@/lib/realtime';
import { WATCH_RENEW_MS } from '../live-dict';
import { liveLessonKeys } from './live-lesson-keys';
import { watchLesson } from './watch';

/** A lesson's changes read it again at most once per this window (the first at once). */
export const CHANGE_WINDOW_MS = 1000;

/** The LiveLessonChange a push carries, or null. */
export function lessonChangeOf(message: RealtimeMessage): LiveLessonChange | null {
  const value = message.content?.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { lessonId, what } = value as Record<string, unknown>;
  if (typeof lessonId !== 'number') return null;
  return { lessonId, what: typeof what === 'string' ? what : '' };
}

/** Watches lesson `lessonId` while mounted and reads again what its changes touch. */
export function useLessonLive(lessonId: number, client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient();
  const lessonChanged = useMemo(
    () =>
      coalesce(
        () => void queryClient.invalidateQueries({ queryKey: liveLessonKeys.detail(lessonId) }),
        CHANGE_WINDOW_MS,
      ),
    [queryClient, lessonId],
  );

  useEffect(() => {
    void watchLesson(lessonId).catch(() => undefined);
    const renewal = setInterval(() => void watchLesson(lessonId).catch(() => undefined), WATCH_RENEW_MS);
    const offs = [
      client.subscribe(TypeCode.LiveLessonChanged, (message) => {
        const change = lessonChangeOf(message);
        if (change?.lessonId !== lessonId) return;
        lessonChanged();
        if (change.what === 'patrol')
          void queryClient.invalidateQueries({ queryKey: liveLessonKeys.patrols(lessonId) });
      }),
      client.onReconnected(() => {
        void watchLesson(lessonId).catch(() => undefined);
        // Not the playback: a read again would reload the stream the viewer is watching.
        for (const queryKey of [liveLessonKeys.detail(lessonId), liveLessonKeys.patrols(lessonId)]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }),
    ];
    return () => {
      clearInterval(renewal);
      offs.forEach((off) => off());
      lessonChanged.cancel();
    };
  }, [client, lessonChanged, lessonId, queryClient]);
}
