import { Alert, Anchor, Button, Center, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useVisitableLessons } from '../api/lessons';
import { useOpenVisit } from '../hooks/use-open-visit';
import { RECORD_TOOL_ROUTES, recordToolPath } from '../record-tool-paths';
import { chinaDay, shiftDay } from '../visit-rules';
import { VisitableLessonCard } from './visitable-lesson-card';

export interface StartRecordProps {
  /** A lesson to start at once (`?lessonId=`, from a lesson's page). */
  lessonId?: number | null;
}

/**
 * /recordTool/startRecord (开始听课): for managers and inspectors, the offline lessons of a day
 * (today in China time by default) in their schools; 开始听课 starts a visit (or reopens theirs)
 * and opens its record sheet. `?lessonId=` starts that lesson's visit at once. Anyone else is
 * told why by the server.
 */
export function StartRecord({ lessonId = null }: StartRecordProps) {
  const [day, setDay] = useState(() => chinaDay(Date.now()));
  const lessons = useVisitableLessons(day);
  const visit = useOpenVisit();
  const { open } = visit;

  // The lesson of the link is started once per page (a refusal leaves the day's list).
  const started = useRef<number | null>(null);
  useEffect(() => {
    if (lessonId === null || started.current === lessonId) return;
    started.current = lessonId;
    open(lessonId, { replace: true });
  }, [lessonId, open]);

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={4}>开始听课</Title>
        <Group gap="sm">
          <Anchor component={Link} to={recordToolPath(RECORD_TOOL_ROUTES.scan)} size="sm">
            扫码听课
          </Anchor>
          <Anchor component={Link} to={recordToolPath(RECORD_TOOL_ROUTES.manage)} size="sm">
            听课管理
          </Anchor>
        </Group>
      </Group>
      <Group gap="xs" align="flex-end">
        <TextInput
          type="date"
          label="上课日期"
          size="xs"
          value={day}
          onChange={(e) => {
            const next = e.currentTarget.value;
            if (next) setDay(next);
          }}
        />
        <Button size="xs" variant="default" onClick={() => setDay((d) => shiftDay(d, -1))}>
          前一天
        </Button>
        <Button size="xs" variant="default" onClick={() => setDay(chinaDay(Date.now()))}>
          今天
        </Button>
        <Button size="xs" variant="default" onClick={() => setDay((d) => shiftDay(d, 1))}>
          后一天
        </Button>
      </Group>
      {lessons.isPending ? (
        <Center p="xl">
          <Loader size="sm" aria-label="加载中" />
        </Center>
      ) : lessons.isError ? (
        <Alert color="red" title="无法读取可听的课次">
          {lessons.error.message}
        </Alert>
      ) : lessons.data.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl">
          当天没有可听的线下课
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-label="可听的课次" role="list">
          {[...lessons.data]
            .sort((a, b) => a.lesson.startTime - b.lesson.startTime || a.lesson.id - b.lesson.id)
            .map((item) => (
              <div role="listitem" key={item.lesson.id}>
                <VisitableLessonCard
                  item={item}
                  onOpen={(id) => open(id)}
                  opening={visit.pendingLessonId === item.lesson.id}
                />
              </div>
            ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
