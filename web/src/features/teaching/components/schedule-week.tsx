import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CalendarDay } from '../calendar';
import { weekdayName } from '../calendar';
import { LessonCard } from './lesson-card';

/** A day's column head: 周二 11/24, today marked. */
function DayHead({ day }: { day: CalendarDay }) {
  return (
    <Group
      justify="space-between"
      gap={4}
      px={8}
      py={6}
      bg={day.today ? 'blue.6' : 'gray.0'}
      c={day.today ? 'white' : undefined}
      style={{ borderRadius: 'var(--mantine-radius-sm) var(--mantine-radius-sm) 0 0' }}
    >
      <Text size="sm" fw={600}>
        {weekdayName(day.date)} {day.date.getMonth() + 1}/{day.date.getDate()}
      </Text>
      {day.today ? (
        <Badge size="xs" color="white" c="blue" variant="filled">
          今天
        </Badge>
      ) : (
        day.lessons.length > 0 && (
          <Text size="xs" c="dimmed">
            {day.lessons.length} 节
          </Text>
        )
      )}
    </Group>
  );
}

/** The week, Monday to Sunday, a column of lesson cards per day; today highlighted. */
export function ScheduleWeek({ days }: { days: CalendarDay[] }) {
  return (
    <Box style={{ overflowX: 'auto' }}>
      <SimpleGrid cols={7} spacing={6} miw={980} role="list" aria-label="周视图">
        {days.map((day) => (
          <Paper
            key={day.key}
            withBorder
            radius="sm"
            role="listitem"
            aria-label={`${weekdayName(day.date)} ${day.key}`}
            data-today={day.today || undefined}
            style={day.today ? { borderColor: 'var(--mantine-color-blue-6)' } : undefined}
          >
            <DayHead day={day} />
            <Stack gap={6} p={6} mih={120} bg={day.today ? 'blue.0' : undefined}>
              {day.lessons.length === 0 ? (
                <Text size="xs" c="dimmed" ta="center" pt="md">
                  无课
                </Text>
              ) : (
                day.lessons.map((lesson) => (
                  <LessonCard key={`${lesson.online ? 'o' : 'f'}${lesson.id}`} lesson={lesson} />
                ))
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Box>
  );
}
