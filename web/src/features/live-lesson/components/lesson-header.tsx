import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { LiveLessonDetail } from '@/generated/LiveLessonDetail';
import { formatText } from '@/lib/report-format';
import { formatLessonTime, LESSON_IN_PROGRESS, lessonStateBadge } from '../live-dict';

export type Fact = [label: string, value: ReactNode];

/** Label–value pairs in columns, each a group named by its label ('-' when empty). */
export function FactGrid({ facts }: { facts: Fact[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs" verticalSpacing={6}>
      {facts.map(([label, value]) => (
        <Group key={label} gap={6} wrap="nowrap" role="group" aria-label={label}>
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {label}：
          </Text>
          <Text size="sm" component="div">
            {typeof value === 'string' ? formatText(value) : value}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

/** The lesson's state; 上课中 filled, so that a lesson going on stands out. */
export function LessonStateBadge({ detail }: { detail: LiveLessonDetail }) {
  const badge = lessonStateBadge(detail.state, detail.stateDesc || undefined);
  return (
    <Badge color={badge.color} variant={detail.state === LESSON_IN_PROGRESS ? 'filled' : 'light'}>
      {badge.text}
    </Badge>
  );
}

export interface LessonHeaderProps {
  detail: LiveLessonDetail;
  /** At the heading's far end (the way to the lesson's other pages). */
  actions?: ReactNode;
}

/** The lesson's card (a region 课次信息): 第N讲 and its name, its state, class, subject, teacher, time. */
export function LessonHeader({ detail, actions }: LessonHeaderProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="课次信息">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Title order={4}>
              第{detail.lessonNo}讲 {detail.lessonName}
            </Title>
            <LessonStateBadge detail={detail} />
          </Group>
          {actions}
        </Group>
        <FactGrid
          facts={[
            ['班级', detail.classCode ? `${detail.className}（${detail.classCode}）` : detail.className],
            ['学科', detail.subjectName],
            ['主讲老师', detail.teacherName],
            ['上课时间', formatLessonTime(detail.startAt, detail.endAt)],
          ]}
        />
      </Stack>
    </Paper>
  );
}
