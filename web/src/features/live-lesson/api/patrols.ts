// A lesson's patrol records (`liveLesson/patrol/list`, newest first) and an inspector's new one
// (`liveLesson/patrol/save`, answering the record as stored; 400 with the reason when the result
// or remark is refused, shown by the API client).

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveLessonRequest } from '@/generated/LiveLessonRequest';
import type { LivePatrolRow } from '@/generated/LivePatrolRow';
import type { LivePatrolSave } from '@/generated/LivePatrolSave';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { liveLessonKeys } from './live-lesson-keys';

/** POST /api/liveLesson/patrol/list (none when the server answers nothing). */
export async function getPatrols(lessonId: number, options?: RequestOptions): Promise<LivePatrolRow[]> {
  const body: LiveLessonRequest = { lessonId };
  const rows = await api.post<LivePatrolRow[] | null>('/api/liveLesson/patrol/list', body, options);
  return Array.isArray(rows) ? rows : [];
}

export function patrolsQueryOptions(lessonId: number) {
  return queryOptions({
    queryKey: liveLessonKeys.patrols(lessonId),
    queryFn: (context) => getPatrols(lessonId, readOptions(context)),
  });
}

export function usePatrols(lessonId: number) {
  return useQuery(patrolsQueryOptions(lessonId));
}

/** POST /api/liveLesson/patrol/save */
export function savePatrol(body: LivePatrolSave): Promise<LivePatrolRow> {
  return api.post<LivePatrolRow>('/api/liveLesson/patrol/save', body);
}

/**
 * Records a patrol: the record answered goes on top of the list at once (the list is newest
 * first); the signal that follows reads the list again for every watcher, this page included.
 */
export function useSavePatrol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePatrol,
    onSuccess: (row) =>
      queryClient.setQueryData<LivePatrolRow[]>(liveLessonKeys.patrols(row.lessonId), (rows = []) => [
        row,
        ...rows.filter((r) => r.id !== row.id),
      ]),
  });
}
