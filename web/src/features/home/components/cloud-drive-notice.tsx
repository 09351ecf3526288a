import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';

const DISMISSED_KEY = 'cloudDriveNoticeDismissed';

export interface CloudDriveNoticeProps {
  onGo: () => void;
}

/** 我的专属云盘: shown when the menu has the knowledge repository, until dismissed. */
export function CloudDriveNotice({ onGo }: CloudDriveNoticeProps) {
  const [hidden, setHidden] = useState(() => localStorage.getItem(DISMISSED_KEY) === '1');
  if (hidden) return null;
  return (
    <Paper withBorder p="md" radius="md" role="note" aria-label="我的专属云盘">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text fw={600}>我的专属云盘</Text>
          <Text size="sm" c="dimmed">
            我的题集、我的讲义、我的训练营、我的文件都在这里
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" onClick={onGo}>
            去看看
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              localStorage.setItem(DISMISSED_KEY, '1');
              setHidden(true);
            }}
          >
            不再提醒
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
