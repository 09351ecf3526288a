// The lesson's recording as played (`liveLesson/playback`: a signed stream URL, where the caller
// stopped, the replay's knowledge points; A0404 本节课暂无回放 without one) and where the caller is
// in it (`liveLesson/playback/position`).

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveLessonRequest } from '@/generated/LiveLessonRequest';
import type { LivePlayback } from '@/generated/LivePlayback';
import type { LivePlayPosition } from '@/generated/LivePlayPosition';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { liveLessonKeys } from './live-lesson-keys';

/** POST /api/liveLesson/playback: quiet, the page says why there is nothing to play. */
export function getPlayback(lessonId: number, options?: RequestOptions): Promise<LivePlayback> {
  const body: LiveLessonRequest = { lessonId };
  return api.post<LivePlayback>('/api/liveLesson/playback', body, { ...options, quiet: true });
}

/** The playback of the recording `resourceId` (the lesson's, as its detail names it). */
export function playbackQueryOptions(lessonId: number, resourceId: number) {
  return queryOptions({
    queryKey: liveLessonKeys.playback(lessonId, resourceId),
    queryFn: (context) => getPlayback(lessonId, readOptions(context)),
    // A read again signs a new URL: the player would load the stream anew and lose its place.
    staleTime: Infinity,
    // Kept no longer than the page: the page opened again starts where the viewer last stopped.
    gcTime: 0,
  });
}

/** Read only while the lesson has a recording (`resourceId` null: none). */
export function usePlayback(lessonId: number, resourceId: number | null) {
  return useQuery({ ...playbackQueryOptions(lessonId, resourceId ?? 0), enabled: resourceId !== null });
}

/**
 * POST /api/liveLesson/playback/position: in the background and quiet, as the player's place
 * is a convenience; one not kept is kept by the next report.
 */
export async function reportPlayPosition(body: LivePlayPosition): Promise<void> {
  try {
    await api.post<unknown>('/api/liveLesson/playback/position', body, { quiet: true, noLoading: true });
  } catch {
    // Nothing to tell the viewer: see above.
  }
}
