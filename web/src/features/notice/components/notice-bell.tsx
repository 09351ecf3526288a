import { ActionIcon, Anchor, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { badgeLabel, timeAgo } from '@/lib/format';
import { useQueryClient } from '@tanstack/react-query';
import { useUnreadNotices } from '../api/get-unread-notices';
import { useMarkAllNoticesRead } from '../api/read-notices';
import { showNotice } from '../notices-store';
import classes from './notice-bell.module.css';

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

/** The notices bell: unread count, the unread list, mark read. */
export function NoticeBell() {
  const queryClient = useQueryClient();
  const unreadQuery = useUnreadNotices();
  const unread = unreadQuery.data ?? [];
  const markAllRead = useMarkAllNoticesRead();
  const [opened, setOpened] = useState(false);
  const label = badgeLabel(unread.length);

  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-end" withinPortal>
      <Popover.Target>
        <Indicator label={label} size={16} disabled={!label} color="red" offset={4}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label ? `通知（${label} 条未读）` : '通知'}
            onClick={() => {
              setOpened((o) => !o);
              void unreadQuery.refetch();
            }}
          >
            <BellIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" px={4} mb={4}>
          <Text fw={600} size="sm">
            通知
          </Text>
          {unread.length > 0 && (
            <Anchor component="button" size="xs" onClick={() => markAllRead.mutate()}>
              全部已读
            </Anchor>
          )}
        </Group>
        {unread.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            暂无未读通知
          </Text>
        ) : (
          <ScrollArea.Autosize mah={320}>
            <Stack gap={2} aria-label="未读通知">
              {unread.map((n) => (
                <UnstyledButton
                  key={n.id}
                  className={classes.item}
                  onClick={() => {
                    setOpened(false);
                    void showNotice(queryClient, n.id);
                  }}
                >
                  <Text size="sm" lineClamp={1}>
                    {n.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {timeAgo(n.createTime)}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
