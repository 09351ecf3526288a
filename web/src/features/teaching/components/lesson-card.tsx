import { Badge, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ScheduleLesson } from '@/generated/ScheduleLesson';
import { clockRange, lessonCountsText, lessonLabel } from '../calendar';
import { lessonSummary, summaryState } from '../record-summary';
import { lessonPath } from '../teaching-paths';
import { lessonStatusBadge } from '../teaching-dict';

/**
 * A lesson of the week view: its hours, status, class, title and counts, edged in its status's
 * colour; it opens the lesson's page (the online lesson's for a live class).
 */
export function LessonCard({ lesson }: { lesson: ScheduleLesson }) {
  const status = lessonStatusBadge(lesson.status, lesson.statusName);
  return (
    <Paper
      component={Link}
      to={lessonPath(lesson)}
      state={summaryState(lessonSummary(lesson))}
      aria-label={lessonLabel(lesson)}
      data-status={lesson.status}
      withBorder
      radius="sm"
      p={6}
      style={{
        display: 'block',
        color: 'inherit',
        textDecoration: 'none',
        borderLeft: `3px solid var(--mantine-color-${status.color}-6)`,
        opacity: lesson.status === 2 ? 0.6 : 1,
      }}
    >
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="xs" fw={600}>
          {clockRange(lesson.startTime, lesson.endTime)}
        </Text>
        <Badge size="xs" variant="light" color={status.color}>
          {status.text}
        </Badge>
      </Group>
      <Text size="sm" fw={500} lineClamp={2}>
        {lesson.className}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {lesson.title}
      </Text>
      <Group gap={4} wrap="nowrap">
        {lesson.online && (
          <Badge size="xs" variant="outline" color="grape">
            直播
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {lessonCountsText(lesson)}
        </Text>
      </Group>
    </Paper>
  );
}
