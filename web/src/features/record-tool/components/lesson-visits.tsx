import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ScheduleLesson } from '@/generated/ScheduleLesson';
import type { VisitListRequest } from '@/generated/VisitListRequest';
import { formatInstant } from '@/lib/report-format';
import { useLessonVisits } from '../api/visits';
import { visitStatusBadge } from '../record-tool-dict';
import { proceedRecordPath } from '../record-tool-paths';
import { chinaDay } from '../visit-rules';
import { LessonCodeButton } from './lesson-code-button';

/** The visits of one lesson: those of its day, of it. */
function lessonVisitsRequest(lesson: Pick<ScheduleLesson, 'id' | 'startTime'>): VisitListRequest {
  const day = chinaDay(lesson.startTime);
  return { from: day, to: day, lessonId: lesson.id };
}

/**
 * The offline lesson's visits on its page: a card 听课记录 (a region) listing those the caller may
 * read — none is no card — each opening its record sheet; and 听课二维码, the lesson's code to show
 * in the classroom.
 */
export function LessonVisits({ lesson }: { lesson: ScheduleLesson }) {
  const visits = useLessonVisits(lessonVisitsRequest(lesson));
  const rows = visits.data?.records ?? [];
  if (rows.length === 0) {
    return (
      <Group justify="flex-end">
        <LessonCodeButton lessonId={lesson.id} />
      </Group>
    );
  }
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="听课记录">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={5}>听课记录</Title>
          <LessonCodeButton lessonId={lesson.id} />
        </Group>
        <Table striped withTableBorder aria-label="本课次的听课记录">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>听课人</Table.Th>
              <Table.Th>状态</Table.Th>
              <Table.Th>得分</Table.Th>
              <Table.Th>完成时间</Table.Th>
              <Table.Th>操作</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const status = visitStatusBadge(row.status, row.statusName);
              return (
                <Table.Tr key={row.id} aria-label={row.visitorName}>
                  <Table.Td>{row.visitorName}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={status.color} size="sm">
                      {status.text}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {row.totalScore}/{row.maxTotal}
                  </Table.Td>
                  <Table.Td>{formatInstant(row.finishedAt)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={proceedRecordPath(row.id)} size="sm">
                      查看
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {visits.data && visits.data.total > rows.length && (
          <Text size="xs" c="dimmed">
            共 {visits.data.total} 条，此处显示前 {rows.length} 条
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
