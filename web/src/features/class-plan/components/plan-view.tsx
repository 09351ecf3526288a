import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ClassPlan } from '@/generated/ClassPlan';
import { lessonNo } from '../class-plan-dict';
import { LessonBadge } from './lesson-badge';

/** A plan read by whoever does not write it (advisers, managers): the goal and the lessons. */
export function PlanView({ plan }: { plan: ClassPlan }) {
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-label="课程目标">
        <Stack gap="xs">
          <Title order={5}>课程目标</Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={plan.goal ? undefined : 'dimmed'}>
            {plan.goal || '尚未填写'}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label="课程安排">
        <Stack gap="sm">
          <Title order={5}>课程安排</Title>
          {plan.items.length === 0 ? (
            <Text c="dimmed" size="sm">
              还没有安排课次
            </Text>
          ) : (
            <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="课次">
              {plan.items.map((item, i) => (
                <Paper key={item.position} component="li" withBorder p="sm" radius="md" aria-label={lessonNo(i)}>
                  <Stack gap={4}>
                    <Group gap="xs">
                      <Text fw={600} size="sm">
                        {lessonNo(i)}
                      </Text>
                      <Text size="sm">{item.title}</Text>
                      <LessonBadge lesson={item.lesson} />
                    </Group>
                    {item.points.length > 0 && (
                      <Group gap={4} aria-label="知识点" role="group">
                        {item.points.map((p) => (
                          <Badge key={p.nodeId} variant="outline" size="sm">
                            {p.name}
                          </Badge>
                        ))}
                      </Group>
                    )}
                    {item.note && (
                      <Text size="sm" c="dimmed">
                        备注：{item.note}
                      </Text>
                    )}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
