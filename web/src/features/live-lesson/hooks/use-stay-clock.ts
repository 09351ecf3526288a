// Stays in the room go on between reads: the lesson is read again only when something changes
// (an entry, an exit), so the page counts the open stays on by itself. The server counts a stay
// up to the time it answered (`now`), never past the lesson's end; the page adds the time since
// the answer arrived, by the browser's clock (the two clocks need not agree), up to that end.

import { useEffect, useState } from 'react';
import type { LiveLessonDetail } from '@/generated/LiveLessonDetail';

const TICK_MS = 1000;

/** Someone is in the room and the lesson has not ended: open stays are growing. */
export function staysGrow(detail: LiveLessonDetail): boolean {
  return detail.now < detail.endAt && (detail.teacher.inRoom || detail.students.some((s) => s.presence.inRoom));
}

/**
 * Whole seconds to add to every open stay of `detail`, which arrived at `readAt` (the query's
 * `dataUpdatedAt`); 0 when no stay grows.
 */
export function useStayClock(detail: LiveLessonDetail, readAt: number): number {
  const grows = staysGrow(detail);
  const [tick, setTick] = useState({ readAt, elapsedMs: 0 });
  useEffect(() => {
    if (!grows) return;
    const timer = setInterval(() => setTick({ readAt, elapsedMs: Date.now() - readAt }), TICK_MS);
    return () => clearInterval(timer);
  }, [grows, readAt]);
  if (!grows || tick.readAt !== readAt) return 0;
  return Math.floor(Math.min(tick.elapsedMs, detail.endAt - detail.now) / 1000);
}
