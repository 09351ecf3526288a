// My schedule (POST /api/teaching/schedule: my offline and online lessons of a span of days) and
// an offline lesson with its students (POST /api/teaching/lesson/detail).

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LessonDetail } from '@/generated/LessonDetail';
import type { ScheduleLesson } from '@/generated/ScheduleLesson';
import type { ScheduleRequest } from '@/generated/ScheduleRequest';
import type { TeachingIdRequest } from '@/generated/TeachingIdRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { teachingKeys } from './teaching-keys';

/** POST /api/teaching/schedule */
export async function getSchedule(request: ScheduleRequest, options?: RequestOptions): Promise<ScheduleLesson[]> {
  const lessons = await api.post<ScheduleLesson[] | null>('/api/teaching/schedule', request, options);
  return Array.isArray(lessons) ? lessons : [];
}

export function scheduleQueryOptions(request: ScheduleRequest) {
  return queryOptions({
    queryKey: teachingKeys.schedule(request),
    queryFn: (context) => getSchedule(request, readOptions(context)),
  });
}

/** The days shown stay while the next span is read. */
export function useSchedule(request: ScheduleRequest) {
  return useQuery({ ...scheduleQueryOptions(request), placeholderData: keepPreviousData });
}

/** POST /api/teaching/lesson/detail */
export function getLessonDetail(id: number, options?: RequestOptions): Promise<LessonDetail> {
  const body: TeachingIdRequest = { id };
  return api.post<LessonDetail>('/api/teaching/lesson/detail', body, options);
}

export function lessonDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: teachingKeys.lesson(id),
    queryFn: (context) => getLessonDetail(id, readOptions(context)),
  });
}

export function useLessonDetail(id: number) {
  return useQuery(lessonDetailQueryOptions(id));
}
