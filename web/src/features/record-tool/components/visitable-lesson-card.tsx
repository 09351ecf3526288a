import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { clockRange, lessonCountsText, lessonLabel } from '@/features/teaching/calendar';
import { LESSON_CANCELLED, lessonStatusBadge } from '@/features/teaching/teaching-dict';
import type { VisitableLesson } from '@/generated/VisitableLesson';
import { formatText } from '@/lib/report-format';

export interface VisitableLessonCardProps {
  item: VisitableLesson;
  /** 开始听课 / 继续听课 was clicked. */
  onOpen: (lessonId: number) => void;
  /** Its visit is being started. */
  opening?: boolean;
}

/**
 * A lesson that may be visited (an article named by its hours, class and title): its status,
 * subject, teacher, school and students, the visits it has, and 开始听课 — 继续听课 when the
 * caller has a record of it. A cancelled lesson cannot be visited.
 */
export function VisitableLessonCard({ item, onOpen, opening = false }: VisitableLessonCardProps) {
  const { lesson } = item;
  const status = lessonStatusBadge(lesson.status, lesson.statusName);
  const cancelled = lesson.status === LESSON_CANCELLED;
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={lessonLabel(lesson)}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600}>{clockRange(lesson.startTime, lesson.endTime)}</Text>
          <Badge variant="light" color={status.color}>
            {status.text}
          </Badge>
        </Group>
        <Text fw={500}>
          {lesson.className}
          {lesson.title ? ` · ${lesson.title}` : ''}
        </Text>
        <Text size="sm" c="dimmed">
          {[lesson.subjectName, lesson.gradeName].filter(Boolean).join(' · ') || '-'} · {formatText(lesson.teacherName)}
        </Text>
        <Text size="sm" c="dimmed">
          {formatText(item.schoolName)} · {lessonCountsText(lesson)}
        </Text>
        <Group justify="space-between" gap="xs">
          <Group gap={4}>
            {item.myVisitId > 0 && (
              <Badge variant="outline" color="blue">
                我的记录
              </Badge>
            )}
            {item.visitCount > 0 && (
              <Badge variant="outline" color="gray">
                已有 {item.visitCount} 条听课
              </Badge>
            )}
          </Group>
          <Button size="xs" disabled={cancelled} loading={opening} onClick={() => onOpen(lesson.id)}>
            {item.myVisitId > 0 ? '继续听课' : '开始听课'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
