// The lessons a visitor may visit: those of a day in the caller's schools (`recordTool/lessons`,
// managers and inspectors only), the one a scanned code names (`recordTool/scan`; 二维码无效或已过期
// otherwise), and a lesson's own code for the classroom (`recordTool/lesson/code`, its teacher's
// or a visitor's). Starting a visit (`recordTool/visit/start`) answers the visit, the caller's
// unfinished one of the lesson when there is one.

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LessonCode } from '@/generated/LessonCode';
import type { ScanRequest } from '@/generated/ScanRequest';
import type { VisitableLesson } from '@/generated/VisitableLesson';
import type { VisitDetail } from '@/generated/VisitDetail';
import type { VisitLessonRequest } from '@/generated/VisitLessonRequest';
import type { VisitLessonsRequest } from '@/generated/VisitLessonsRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { invalidateVisitLists, recordToolKeys } from './record-tool-keys';

/** POST /api/recordTool/lessons: quiet, the page says why it could not be read. */
export async function getVisitableLessons(day: string, options?: RequestOptions): Promise<VisitableLesson[]> {
  const body: VisitLessonsRequest = { day };
  const lessons = await api.post<VisitableLesson[] | null>('/api/recordTool/lessons', body, {
    ...options,
    quiet: true,
  });
  return Array.isArray(lessons) ? lessons : [];
}

export function visitableLessonsQueryOptions(day: string) {
  return queryOptions({
    queryKey: recordToolKeys.lessons(day),
    queryFn: (context) => getVisitableLessons(day, readOptions(context)),
  });
}

export function useVisitableLessons(day: string) {
  return useQuery(visitableLessonsQueryOptions(day));
}

/** POST /api/recordTool/scan: quiet, the page says why the code was refused. */
export function scanLessonCode(code: string, options?: RequestOptions): Promise<VisitableLesson> {
  const body: ScanRequest = { code };
  return api.post<VisitableLesson>('/api/recordTool/scan', body, { ...options, quiet: true });
}

export function scannedLessonQueryOptions(code: string) {
  return queryOptions({
    queryKey: recordToolKeys.scan(code),
    queryFn: (context) => scanLessonCode(code, readOptions(context)),
  });
}

/** The lesson a code names (nothing is read without a code). */
export function useScannedLesson(code: string | null) {
  return useQuery({ ...scannedLessonQueryOptions(code ?? ''), enabled: !!code });
}

/** POST /api/recordTool/lesson/code: quiet, the dialog says why there is none. */
export function getLessonCode(lessonId: number, options?: RequestOptions): Promise<LessonCode> {
  const body: VisitLessonRequest = { lessonId };
  return api.post<LessonCode>('/api/recordTool/lesson/code', body, { ...options, quiet: true });
}

export function lessonCodeQueryOptions(lessonId: number) {
  return queryOptions({
    queryKey: recordToolKeys.lessonCode(lessonId),
    queryFn: (context) => getLessonCode(lessonId, readOptions(context)),
  });
}

/** The lesson's code, read once asked for (`enabled`: its dialog is open). */
export function useLessonCode(lessonId: number, enabled: boolean) {
  return useQuery({ ...lessonCodeQueryOptions(lessonId), enabled });
}

/** POST /api/recordTool/visit/start */
export function startVisit(lessonId: number): Promise<VisitDetail> {
  const body: VisitLessonRequest = { lessonId };
  return api.post<VisitDetail>('/api/recordTool/visit/start', body);
}

/** Starts (or reopens) the caller's visit of a lesson; the visit answered is cached for its page. */
export function useStartVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startVisit,
    onSuccess: (detail) => {
      queryClient.setQueryData(recordToolKeys.visit(detail.id), detail);
      return invalidateVisitLists(queryClient);
    },
  });
}
