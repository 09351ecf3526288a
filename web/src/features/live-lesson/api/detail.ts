// One online lesson as it happens (`liveLesson/detail`): its facts and state, the main teacher's
// and the students' presence, its recording, and what the caller may do with it.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveLessonDetail } from '@/generated/LiveLessonDetail';
import type { LiveLessonRequest } from '@/generated/LiveLessonRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { liveLessonKeys } from './live-lesson-keys';

/** POST /api/liveLesson/detail: quiet, the page says why it could not be read (A0404, A0300). */
export function getLiveLesson(lessonId: number, options?: RequestOptions): Promise<LiveLessonDetail> {
  const body: LiveLessonRequest = { lessonId };
  return api.post<LiveLessonDetail>('/api/liveLesson/detail', body, { ...options, quiet: true });
}

export function liveLessonQueryOptions(lessonId: number) {
  return queryOptions({
    queryKey: liveLessonKeys.detail(lessonId),
    queryFn: (context) => getLiveLesson(lessonId, readOptions(context)),
  });
}

export function useLiveLesson(lessonId: number) {
  return useQuery(liveLessonQueryOptions(lessonId));
}
