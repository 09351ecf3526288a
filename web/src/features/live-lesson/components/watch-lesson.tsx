import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { LiveLessonDetail } from '@/generated/LiveLessonDetail';
import type { RealtimeClient } from '@/lib/realtime';
import { playbackPath } from '../live-lesson-paths';
import { LessonHeader } from './lesson-header';
import { LessonPage } from './lesson-page';
import { LiveView } from './live-view';

/** 回放 beside the heading, once the lesson has a recording. */
export function PlaybackLink({ detail }: { detail: LiveLessonDetail }) {
  if (!detail.recording) return null;
  return (
    <Anchor component={Link} to={playbackPath(detail.lessonId)} size="sm">
      回放
    </Anchor>
  );
}

export interface WatchLessonProps {
  lessonId: number;
  client?: RealtimeClient;
}

/**
 * /easyServer/watchLessonPage/{id} (看课): an online lesson as it happens — its facts and state,
 * the main teacher's and the students' presence — followed live while the page is open.
 */
export function WatchLesson({ lessonId, client }: WatchLessonProps) {
  return (
    <LessonPage lessonId={lessonId} client={client}>
      {(detail, readAt) => (
        <>
          <LessonHeader detail={detail} actions={<PlaybackLink detail={detail} />} />
          <LiveView detail={detail} readAt={readAt} />
        </>
      )}
    </LessonPage>
  );
}
