import { ActionIcon, Anchor, Group, Indicator, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DOWNLOAD_BADGE_MAX } from '@/config/constants';
import { paths } from '@/config/paths';
import { badgeLabel, formatFileSize } from '@/lib/format';
import { realtime, type RealtimeClient } from '@/lib/realtime';
import { useStore } from '@/lib/store';
import {
  badgeCount,
  clickTask,
  deleteTask,
  displayName,
  downloadsStore,
  refreshRecent,
  taskTime,
} from '../downloads-store';
import { useDownloadRealtime } from '../hooks/use-download-realtime';
import classes from './download-popover.module.css';
import { QueueProgress, StatusText, TransferProgress } from './task-parts';

function DownloadIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
      <path d="M7 10l5 5 5-5" />
      <path d="M12 15V3" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
    </svg>
  );
}

/**
 * The header's recent downloads (spec 01 §2 "Download popover"): follows magic_001 pushes, shows
 * the queue animation, a badge of queued plus ready files (99+ cap), and acts on clicks (§4).
 */
export function DownloadPopover({ client = realtime }: { client?: RealtimeClient }) {
  useDownloadRealtime(client);
  return <DownloadPopoverView />;
}

function DownloadPopoverView() {
  const state = useStore(downloadsStore);
  const [opened, setOpened] = useState(false);
  const label = badgeLabel(badgeCount(state), DOWNLOAD_BADGE_MAX);
  const queued = state.queueCount > 0;

  return (
    <Popover opened={opened} onChange={setOpened} width={340} position="bottom-end" withinPortal>
      <Popover.Target>
        <Indicator label={label} size={16} disabled={!label} color="red" offset={4}>
          <ActionIcon
            variant="subtle"
            color={queued ? 'blue' : 'gray'}
            size="lg"
            aria-label={label ? `下载列表（${label}）` : '下载列表'}
            data-queued={queued || undefined}
            onClick={() => {
              setOpened((o) => !o);
              void refreshRecent();
            }}
          >
            <span className={queued ? classes.animating : undefined} style={{ display: 'inline-flex' }}>
              <DownloadIcon />
            </span>
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Text fw={600} size="sm" px={4} mb={4}>
          下载列表
        </Text>
        <Stack gap={6}>
          <QueueProgress queueCount={state.queueCount} />
          {state.recent.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              暂无下载记录
            </Text>
          ) : (
            <Stack gap={2} role="list" aria-label="最近下载">
              {state.recent.map((t) => {
                const name = displayName(t);
                return (
                  <Group
                    key={t.id}
                    role="listitem"
                    aria-label={name}
                    data-task-id={t.id}
                    data-status={t.fileStatus}
                    gap={4}
                    wrap="nowrap"
                  >
                    <UnstyledButton className={classes.item} onClick={() => clickTask(t)} title={name}>
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <div style={{ minWidth: 0 }}>
                          <Text size="sm" lineClamp={1}>
                            {name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {formatFileSize(t.fileSize || null)} · {taskTime(t.createTimeMillis)}
                          </Text>
                        </div>
                        <StatusText task={t} />
                      </Group>
                      {state.transfer?.id === t.id && <TransferProgress transfer={state.transfer} />}
                    </UnstyledButton>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={`删除 ${name}`}
                      onClick={() => void deleteTask(t.id)}
                    >
                      <TrashIcon />
                    </ActionIcon>
                  </Group>
                );
              })}
            </Stack>
          )}
        </Stack>
        <Group justify="center" mt="xs">
          <Anchor component={Link} to={paths.downloadCenter.path} size="sm" onClick={() => setOpened(false)}>
            更多下载记录
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
