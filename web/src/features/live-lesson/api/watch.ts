// Watching a lesson (`liveLesson/watch`): for LIVE_WATCH_MS the caller is told of the lesson's
// changes by `magic_live_lesson`. It is a subscription, renewed while the page is open, not a read.

import type { LiveLessonRequest } from '@/generated/LiveLessonRequest';
import type { LiveWatch } from '@/generated/LiveWatch';
import { api } from '@/lib/api-client';

/**
 * POST /api/liveLesson/watch: in the background (no overlay, no toast): a lesson the caller may
 * not open is said so by the page's read of it.
 */
export function watchLesson(lessonId: number): Promise<LiveWatch> {
  const body: LiveLessonRequest = { lessonId };
  return api.post<LiveWatch>('/api/liveLesson/watch', body, { quiet: true, noLoading: true });
}
