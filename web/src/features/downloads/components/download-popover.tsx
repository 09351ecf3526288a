import { ActionIcon, Anchor, Group, Indicator, Popover, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DOWNLOAD_BADGE_MAX } from '@/config/constants';
import { paths } from '@/config/paths';
import { badgeLabel, formatDateTime, formatFileSize } from '@/lib/format';
import { realtime } from '@/lib/realtime';
import { TypeCode } from '@/lib/wire-types';
import { DOWNLOAD_STATUS_TEXT, type DownloadList, getDownloadList } from '../api/download-list';

function DownloadIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
      <path d="M7 10l5 5 5-5" />
      <path d="M12 15V3" />
    </svg>
  );
}

function taskTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = new Date(typeof value === 'string' ? value.replace(' ', 'T') : value);
  return Number.isNaN(date.getTime()) ? String(value) : formatDateTime(date);
}

/** The header's recent downloads (spec 01 §2 "Download popover"). */
export function DownloadPopover({ initial }: { initial?: DownloadList }) {
  const [list, setList] = useState<DownloadList>(initial ?? { tasks: [], total: 0 });
  const [opened, setOpened] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setList(await getDownloadList());
    } catch {
      // not offered yet, or failed: keep the empty state
    }
  }, []);

  useEffect(() => {
    if (!initial) void refresh();
    const offs = [
      realtime.subscribe(TypeCode.DownloadCreated, () => void refresh()),
      realtime.subscribe(TypeCode.DownloadUpdated, () => void refresh()),
    ];
    return () => offs.forEach((off) => off());
  }, [initial, refresh]);

  const label = badgeLabel(list.total, DOWNLOAD_BADGE_MAX);

  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-end" withinPortal>
      <Popover.Target>
        <Indicator label={label} size={16} disabled={!label} color="red" offset={4}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label ? `下载列表（${label}）` : '下载列表'}
            onClick={() => {
              setOpened((o) => !o);
              void refresh();
            }}
          >
            <DownloadIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Text fw={600} size="sm" px={4} mb={4}>
          下载列表
        </Text>
        {list.tasks.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            暂无下载记录
          </Text>
        ) : (
          <Stack gap={6} role="list" aria-label="最近下载">
            {list.tasks.map((t) => (
              <Group key={t.id} role="listitem" justify="space-between" wrap="nowrap" px={4}>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" lineClamp={1}>
                    {t.fileName}
                    {t.fileExt ? `.${t.fileExt}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatFileSize(t.fileSize)} · {taskTime(t.createTime)}
                  </Text>
                </div>
                <Text size="xs" c="blue">
                  {DOWNLOAD_STATUS_TEXT[t.status] ?? ''}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <Group justify="center" mt="xs">
          <Anchor component={Link} to={paths.downloadCenter.path} size="sm" onClick={() => setOpened(false)}>
            更多下载记录
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
