import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { knowledgeSectionEditPath } from '@/config/paths';
import type { OutlineLesson } from '@/generated/OutlineLesson';
import type { OutlineUnit } from '@/generated/OutlineUnit';

export type OutlineView = 'card' | 'list';

export interface OutlineUnitsProps {
  units: readonly OutlineUnit[];
  /** Lessons as cards or as the rows of a table. */
  view: OutlineView;
  /** 预览 of a lesson (its content); none: no such button. */
  onOpen?: (lesson: OutlineLesson) => void;
  /** 更换讲义 of a lesson (the library's editors); none: no such button. */
  onBindPaper?: (lesson: OutlineLesson) => void;
}

type LessonActions = Pick<OutlineUnitsProps, 'onOpen' | 'onBindPaper'>;

/**
 * An outline's units, each with its lessons: title, hours, knowledge points and handout (opened in
 * the paper editor, read-only for whoever may not change it).
 */
export function OutlineUnits({ units, view, ...actions }: OutlineUnitsProps) {
  if (units.length === 0) return <Text c="dimmed">这份大纲还没有单元</Text>;
  return (
    <Stack gap="md">
      {units.map((unit) => (
        <Stack key={unit.unitId} gap="xs" component="section" aria-label={unit.title}>
          <Group gap="xs">
            <Text fw={600}>{unit.title}</Text>
            <Text size="xs" c="dimmed">
              {unit.lessons.length} 课次
            </Text>
          </Group>
          {unit.lessons.length === 0 ? (
            <Text size="sm" c="dimmed">
              这个单元还没有课次
            </Text>
          ) : view === 'card' ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {unit.lessons.map((lesson) => (
                <LessonCard key={lesson.lessonId} lesson={lesson} {...actions} />
              ))}
            </SimpleGrid>
          ) : (
            <LessonTable unit={unit} {...actions} />
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function Handout({ lesson, onBindPaper }: { lesson: OutlineLesson } & LessonActions) {
  return (
    <Group gap={4} wrap="nowrap">
      {lesson.paperId === null ? (
        <Text span size="sm" c="dimmed">
          未绑定讲义
        </Text>
      ) : (
        <Anchor component={Link} to={knowledgeSectionEditPath(lesson.paperId)} size="sm">
          {lesson.paperTitle ?? `讲义 ${lesson.paperId}`}
        </Anchor>
      )}
      {onBindPaper && (
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`更换讲义：${lesson.title}`}
          onClick={() => onBindPaper(lesson)}
        >
          更换
        </Button>
      )}
    </Group>
  );
}

function Points({ lesson }: { lesson: OutlineLesson }) {
  if (lesson.knowledgePoints.length === 0)
    return (
      <Text span size="sm" c="dimmed">
        -
      </Text>
    );
  return (
    <Group gap={4} role="list" aria-label={`${lesson.title}的知识点`}>
      {lesson.knowledgePoints.map((p) => (
        <Badge key={p.id} size="sm" variant="outline" color="indigo" role="listitem">
          {p.name}
        </Badge>
      ))}
    </Group>
  );
}

function LessonCard({ lesson, onOpen, onBindPaper }: { lesson: OutlineLesson } & LessonActions) {
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={lesson.title}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600} truncate="end">
            {lesson.title}
          </Text>
          <Badge size="sm" variant="light">
            {lesson.hours} 课时
          </Badge>
        </Group>
        <Points lesson={lesson} />
        <Group justify="space-between" wrap="nowrap">
          <Handout lesson={lesson} onBindPaper={onBindPaper} />
          {onOpen && (
            <Button size="compact-sm" variant="subtle" onClick={() => onOpen(lesson)}>
              预览
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function LessonTable({ unit, onOpen, onBindPaper }: { unit: OutlineUnit } & LessonActions) {
  return (
    <Table aria-label={`${unit.title}的课次`} striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>课次</Table.Th>
          <Table.Th w={70}>课时</Table.Th>
          <Table.Th>知识点</Table.Th>
          <Table.Th>讲义</Table.Th>
          {onOpen && <Table.Th w={80} />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {unit.lessons.map((lesson) => (
          <Table.Tr key={lesson.lessonId} aria-label={lesson.title}>
            <Table.Td>{lesson.title}</Table.Td>
            <Table.Td>{lesson.hours}</Table.Td>
            <Table.Td>
              <Points lesson={lesson} />
            </Table.Td>
            <Table.Td>
              <Handout lesson={lesson} onBindPaper={onBindPaper} />
            </Table.Td>
            {onOpen && (
              <Table.Td>
                <Button size="compact-sm" variant="subtle" onClick={() => onOpen(lesson)}>
                  预览
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
