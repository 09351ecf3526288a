import { Anchor, Box, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { type CalendarDay, clockText, lessonLabel, WEEKDAYS } from '../calendar';
import { lessonStatusBadge } from '../teaching-dict';
import { lessonSummary, summaryState } from '../record-summary';
import { lessonPath } from '../teaching-paths';

/** Lessons listed in a day's cell; the others are behind 还有 N 节. */
export const MONTH_CELL_LESSONS = 3;

function DayCell({ day, onOpenDay }: { day: CalendarDay; onOpenDay: (date: Date) => void }) {
  const shown = day.lessons.slice(0, MONTH_CELL_LESSONS);
  const more = day.lessons.length - shown.length;
  return (
    <Paper
      withBorder
      radius={0}
      p={4}
      mih={96}
      role="listitem"
      aria-label={day.key}
      data-today={day.today || undefined}
      bg={day.today ? 'blue.0' : day.inMonth ? undefined : 'gray.0'}
      style={day.today ? { borderColor: 'var(--mantine-color-blue-6)' } : undefined}
    >
      <Group justify="space-between" gap={2}>
        <Text size="xs" fw={day.today ? 700 : 500} c={day.today ? 'blue' : day.inMonth ? undefined : 'dimmed'}>
          {day.date.getDate()}
          {day.today && ' 今天'}
        </Text>
      </Group>
      <Stack gap={2} mt={2}>
        {shown.map((lesson) => {
          const status = lessonStatusBadge(lesson.status, lesson.statusName);
          return (
            <Anchor
              key={`${lesson.online ? 'o' : 'f'}${lesson.id}`}
              component={Link}
              to={lessonPath(lesson)}
              state={summaryState(lessonSummary(lesson))}
              aria-label={lessonLabel(lesson)}
              size="xs"
              c="inherit"
              lineClamp={1}
              style={{ borderLeft: `3px solid var(--mantine-color-${status.color}-6)`, paddingLeft: 4 }}
            >
              {clockText(lesson.startTime)} {lesson.className}
            </Anchor>
          );
        })}
        {more > 0 && (
          <UnstyledButton onClick={() => onOpenDay(day.date)} aria-label={`${day.key} 还有 ${more} 节`}>
            <Text size="xs" c="blue">
              还有 {more} 节
            </Text>
          </UnstyledButton>
        )}
      </Stack>
    </Paper>
  );
}

/** The month's grid, Monday first; a day's lessons open their pages, 还有 N 节 opens the day's week. */
export function ScheduleMonth({ weeks, onOpenDay }: { weeks: CalendarDay[][]; onOpenDay: (date: Date) => void }) {
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Box miw={860}>
        <SimpleGrid cols={7} spacing={0}>
          {WEEKDAYS.map((w) => (
            <Text key={w} size="sm" fw={600} ta="center" py={4} bg="gray.0">
              {w}
            </Text>
          ))}
        </SimpleGrid>
        <SimpleGrid cols={7} spacing={0} role="list" aria-label="月视图">
          {weeks.flat().map((day) => (
            <DayCell key={day.key} day={day} onOpenDay={onOpenDay} />
          ))}
        </SimpleGrid>
      </Box>
    </Box>
  );
}
