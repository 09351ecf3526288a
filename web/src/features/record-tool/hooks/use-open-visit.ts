import { useNavigate } from 'react-router';
import { useStartVisit } from '../api/lessons';
import { proceedRecordPath } from '../record-tool-paths';

/**
 * 开始听课 / 继续听课: starts the caller's visit of a lesson (or reopens their unfinished one),
 * then opens its record sheet. A refusal (a cancelled lesson, a caller who visits no lessons) is
 * shown by the API client.
 */
export function useOpenVisit() {
  const navigate = useNavigate();
  const start = useStartVisit();
  return {
    open: (lessonId: number, options: { replace?: boolean } = {}) =>
      start.mutate(lessonId, {
        onSuccess: (detail) => void navigate(proceedRecordPath(detail.id), { replace: options.replace }),
      }),
    /** The lesson being started, if any. */
    pendingLessonId: start.isPending ? start.variables : undefined,
    error: start.error,
  };
}
