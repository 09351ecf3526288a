import { Badge, Group, List, Stack, Text, Timeline, Title } from '@mantine/core';
import { RELEASES } from '../update-log';

/** 更新日志: the release notes bundled with the app, newest first. */
export function UpdateLogPage() {
  return (
    <Stack p="md" gap="md">
      <Title order={4}>更新日志</Title>
      <Timeline bulletSize={14} lineWidth={2}>
        {RELEASES.map((release) => (
          <Timeline.Item
            key={`${release.date}-${release.title}`}
            title={
              <Group gap="xs">
                <Text fw={600}>{release.title}</Text>
                <Badge variant="light" size="sm">
                  {release.date}
                </Badge>
              </Group>
            }
          >
            <List size="sm" spacing={4} mt={4}>
              {release.changes.map((change) => (
                <List.Item key={change}>{change}</List.Item>
              ))}
            </List>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
