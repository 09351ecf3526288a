// The lesson's recording (`liveLesson/recording/set`): its teacher attaches one of their video or
// audio resources, or removes it (no `resourceId`); the answer is the lesson as it now is.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveLessonDetail } from '@/generated/LiveLessonDetail';
import type { LiveRecordingSet } from '@/generated/LiveRecordingSet';
import { api } from '@/lib/api-client';
import { liveLessonKeys } from './live-lesson-keys';

/** POST /api/liveLesson/recording/set */
export function setRecording(body: LiveRecordingSet): Promise<LiveLessonDetail> {
  return api.post<LiveLessonDetail>('/api/liveLesson/recording/set', body);
}

/** The lesson answered replaces the one read; its recording's id decides which playback is read. */
export function useSetRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRecording,
    onSuccess: (detail) => queryClient.setQueryData(liveLessonKeys.detail(detail.lessonId), detail),
  });
}
