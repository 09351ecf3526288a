import { ActionIcon, Anchor, Group, Pagination, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { GuardedButton } from '@/components/ui/guarded-button';
import { DOWNLOAD_CENTER_PAGE_SIZE } from '@/config/constants';
import { usePagedList } from '@/hooks/use-paged-list';
import { formatFileSize } from '@/lib/format';
import { realtime, type RealtimeClient } from '@/lib/realtime';
import { useStore } from '@/lib/store';
import { TypeCode } from '@/lib/wire-types';
import { type DownloadList, getDownloadList } from '../api/downloads';
import {
  applyPushToTasks,
  clickTask,
  deleteTask,
  displayName,
  downloadsStore,
  FileStatus,
  parseDownloadPush,
  submitExport,
} from '../downloads-store';
import { TrashIcon } from './download-popover';
import { QueueProgress, StatusText, taskTime, TransferProgress } from './task-parts';

/** The exports a user can try from here (the server's report queries). */
export const EXPORTS = [
  { excelType: 'notices', businessName: '通知列表', label: '导出通知列表' },
  { excelType: 'downloadHistory', businessName: '下载记录', label: '导出下载记录' },
] as const;

const EMPTY: DownloadList = { tasks: [], total: 0 };

const ACTION_TEXT: Record<number, string> = {
  [FileStatus.Ready]: '下载',
  [FileStatus.Retry]: '重试',
};

/**
 * The download centre (/downloadCenter): the whole history with paging, live from magic_001
 * pushes, with the same click rules as the popover, deletion, and Excel exports.
 */
export function DownloadCenter({ client = realtime }: { client?: RealtimeClient }) {
  const { page, setPage, list, setList, loading, pages, load } = usePagedList<DownloadList>(getDownloadList, DOWNLOAD_CENTER_PAGE_SIZE, EMPTY);
  const transfer = useStore(downloadsStore, (s) => s.transfer);
  const queueCount = useStore(downloadsStore, (s) => s.queueCount);
  const pageRef = useRef(page);
  pageRef.current = page;
  const listRef = useRef(list);
  listRef.current = list;

  useEffect(() => {
    const offs = [
      client.subscribe(TypeCode.DownloadCreated, (m) => {
        const push = parseDownloadPush(m.content);
        if (!push) return;
        const { found } = applyPushToTasks(listRef.current.tasks, push);
        if (found) setList((l) => ({ ...l, tasks: applyPushToTasks(l.tasks, push).tasks }));
        // A new task (newest first: on page 1), a deletion or a new file size: read the page again.
        if (!found || push.fileStatus === null || push.fileStatus === FileStatus.Ready) void load(pageRef.current);
      }),
      client.onReconnected(() => void load(pageRef.current)),
    ];
    return () => offs.forEach((off) => off());
  }, [client, load]);

  const setLocalStatus = (id: number, status: number) =>
    setList((l) => ({ ...l, tasks: l.tasks.map((t) => (t.id === id ? { ...t, fileStatus: status } : t)) }));

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={4}>下载中心</Title>
        <Group gap="xs">
          {EXPORTS.map((e) => (
            <GuardedButton
              key={e.excelType}
              size="xs"
              variant="light"
              onClick={() => void submitExport({ excelType: e.excelType, businessName: e.businessName, reqParams: {} })}
            >
              {e.label}
            </GuardedButton>
          ))}
        </Group>
      </Group>
      <QueueProgress queueCount={queueCount} />
      <Table striped highlightOnHover aria-label="下载记录">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>文件名</Table.Th>
            <Table.Th>大小</Table.Th>
            <Table.Th>创建时间</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th>操作</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.tasks.map((t) => {
            const name = displayName(t);
            const action = ACTION_TEXT[t.fileStatus];
            return (
              <Table.Tr key={t.id} data-task-id={t.id} data-status={t.fileStatus} aria-label={name}>
                <Table.Td>
                  <Text size="sm">{name}</Text>
                  {transfer?.id === t.id && <TransferProgress transfer={transfer} />}
                </Table.Td>
                <Table.Td>{formatFileSize(t.fileSize || null)}</Table.Td>
                <Table.Td>{taskTime(t.createTimeMillis)}</Table.Td>
                <Table.Td>
                  <StatusText task={t} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {action && (
                      <Anchor component="button" size="sm" onClick={() => clickTask(t, setLocalStatus)}>
                        {action}
                      </Anchor>
                    )}
                    <Tooltip label="删除">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        aria-label={`删除 ${name}`}
                        onClick={async () => {
                          if (await deleteTask(t.id)) void load(pageRef.current);
                        }}
                      >
                        <TrashIcon />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {!loading && list.tasks.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          暂无下载记录
        </Text>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
      <Text size="xs" c="dimmed">
        共 {list.total} 条
      </Text>
    </Stack>
  );
}
