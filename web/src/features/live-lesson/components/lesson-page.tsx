import type { ReactNode } from 'react';
import { QueryPage } from '@/components/query-page';
import type { LiveLessonDetail } from '@/generated/LiveLessonDetail';
import { realtime, type RealtimeClient } from '@/lib/realtime';
import { useLiveLesson } from '../api/detail';
import { useLessonLive } from '../api/use-lesson-live';

export interface LessonPageProps {
  lessonId: number;
  /** The push client the page follows the lesson on (a test's own). */
  client?: RealtimeClient;
  /** The page drawn from the lesson as read, and when it was read (`dataUpdatedAt`). */
  children: (detail: LiveLessonDetail, readAt: number) => ReactNode;
}

/**
 * A live lesson's page (看课, 巡课, 回放): watches the lesson while open and draws it once read;
 * a lesson that cannot be read says why (the server's message: 课次不存在, 无权限).
 */
export function LessonPage({ lessonId, client = realtime, children }: LessonPageProps) {
  useLessonLive(lessonId, client);
  const query = useLiveLesson(lessonId);
  return <QueryPage query={query}>{children}</QueryPage>;
}
