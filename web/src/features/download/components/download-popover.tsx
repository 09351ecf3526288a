import { ActionIcon, Anchor, Group, Indicator, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Limits } from '@/generated/codes';
import { badgeLabel, formatFileSize } from '@/lib/format';
import { useDeleteDownloadTask } from '../api/delete-download-task';
import { shownCounts, useDownloadCounts } from '../api/get-download-counts';
import { useRecentDownloads } from '../api/get-download-list';
import { useTransfer } from '../download-file';
import { badgeCount, displayName, FileStatus, taskTime } from '../download-rules';
import { useTaskClick } from '../hooks/use-task-click';
import classes from './download-popover.module.css';
import { QueueProgress, StatusText, TransferProgress, TrashIcon } from './task-parts';

function DownloadIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
      <path d="M7 10l5 5 5-5" />
      <path d="M12 15V3" />
    </svg>
  );
}

/**
 * The header's recent downloads (spec 01 §2 "Download popover"): the newest five tasks, live from
 * magic_001 pushes (`useDownloadRealtime`), the queue animation, a badge of queued plus ready
 * files (99+ cap), and the click rules (§4).
 */
export function DownloadPopover() {
  const recentQuery = useRecentDownloads();
  const countsQuery = useDownloadCounts();
  const transfer = useTransfer();
  const click = useTaskClick();
  const remove = useDeleteDownloadTask();
  const [opened, setOpened] = useState(false);
  const recent = recentQuery.data?.tasks ?? [];
  const counts = shownCounts(countsQuery.data, recent.filter((t) => t.fileStatus === FileStatus.Ready).length);
  const label = badgeLabel(badgeCount(counts), Limits.DOWNLOAD_BADGE_CAP);
  const queued = counts.queueCount > 0;

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
              void recentQuery.refetch();
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
          <QueueProgress queueCount={counts.queueCount} />
          {recent.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              暂无下载记录
            </Text>
          ) : (
            <Stack gap={2} role="list" aria-label="最近下载">
              {recent.map((t) => {
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
                    <UnstyledButton className={classes.item} onClick={() => click(t)} title={name}>
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
                      {transfer?.id === t.id && <TransferProgress transfer={transfer} />}
                    </UnstyledButton>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={`删除 ${name}`}
                      onClick={() => remove.mutate(t.id)}
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
