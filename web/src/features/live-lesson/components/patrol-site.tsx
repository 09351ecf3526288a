import { Text } from '@mantine/core';
import type { RealtimeClient } from '@/lib/realtime';
import { LessonHeader } from './lesson-header';
import { LessonPage } from './lesson-page';
import { LiveView } from './live-view';
import { PatrolForm } from './patrol-form';
import { PatrolRecords } from './patrol-records';
import { PlaybackLink } from './watch-lesson';

export interface PatrolSiteProps {
  lessonId: number;
  client?: RealtimeClient;
}

/**
 * /easyServer/patrolSitePage/{id} (巡课): the lesson as 看课 shows it, followed live, with its
 * patrol records; an inspector (the server's `canPatrol`) records a patrol here, anyone else
 * reads the records.
 */
export function PatrolSite({ lessonId, client }: PatrolSiteProps) {
  return (
    <LessonPage lessonId={lessonId} client={client}>
      {(detail, readAt) => (
        <>
          <LessonHeader detail={detail} actions={<PlaybackLink detail={detail} />} />
          <LiveView detail={detail} readAt={readAt} />
          {detail.canPatrol ? (
            <PatrolForm lessonId={lessonId} />
          ) : (
            <Text size="sm" c="dimmed">
              仅质检人员可记录巡课
            </Text>
          )}
          <PatrolRecords lessonId={lessonId} />
        </>
      )}
    </LessonPage>
  );
}
