import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { patrolSitePath, playbackPath, watchLessonPath } from '../live-lesson-paths';

export interface LessonLinksProps {
  lessonId: number;
  /** Names the lesson in each link's accessible name where several lessons are listed (a table). */
  lessonName?: string;
  size?: 'xs' | 'sm';
}

/** The ways to an online lesson's live pages: 看课, 巡课, 回放 (each page says what it cannot show). */
export function LessonLinks({ lessonId, lessonName, size = 'sm' }: LessonLinksProps) {
  const links = [
    { text: '看课', to: watchLessonPath(lessonId) },
    { text: '巡课', to: patrolSitePath(lessonId) },
    { text: '回放', to: playbackPath(lessonId) },
  ];
  return (
    <Group gap="xs" wrap="nowrap">
      {links.map((l) => (
        <Anchor
          key={l.text}
          component={Link}
          to={l.to}
          size={size}
          aria-label={lessonName ? `${l.text} ${lessonName}` : undefined}
        >
          {l.text}
        </Anchor>
      ))}
    </Group>
  );
}
