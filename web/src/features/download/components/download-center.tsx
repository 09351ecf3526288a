import { ActionIcon, Anchor, Button, Group, Select, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { GuardedButton } from '@/components/ui/guarded-button';
import { DOWNLOAD_CENTER_PAGE_SIZE } from '@/config/constants';
import type { DownloadTask } from '@/generated/DownloadTask';
import { formatFileSize, localDayStart } from '@/lib/format';
import { DesktopDownloadProgress } from '@/features/desktop/components/desktop-download-progress';
import { desktopBridge } from '@/features/desktop/desktop-bridge';
import { useDeleteDownloadTask } from '../api/delete-download-task';
import { type DownloadFilters, downloadFilterParams } from '../api/download-keys';
import { useDownloadCounts } from '../api/get-download-counts';
import { useDownloadList } from '../api/get-download-list';
import { useSubmitExport } from '../api/submit-excel-task';
import { useTransfer } from '../download-file';
import { displayName, FileStatus, statusText, taskTime } from '../download-rules';
import { useTaskClick } from '../hooks/use-task-click';
import { QueueProgress, StatusText, TransferProgress, TrashIcon } from './task-parts';

/**
 * The exports a user can try from here (the server's report queries). The download history
 * exports with the list's filters, so the file holds what the table shows.
 */
const EXPORTS = [
  { excelType: 'notices', businessName: '通知列表', label: '导出通知列表', withFilters: false },
  { excelType: 'downloadHistory', businessName: '下载记录', label: '导出下载记录', withFilters: true },
] as const;

/** What a row's action does: a downloaded file can be fetched again while the task is kept. */
const ACTION_TEXT: Record<number, string> = {
  [FileStatus.Ready]: '下载',
  [FileStatus.Downloaded]: '下载',
  [FileStatus.Retry]: '重试',
};

const ALL_STATUSES = 'all';

/**
 * The status filter's choices: the rows' status texts, except 5, whose row says 重试 (what a
 * click does): as a filter it is the failed tasks.
 */
const STATUS_FILTER_OPTIONS = [
  { value: ALL_STATUSES, label: '全部' },
  ...[FileStatus.Waiting, FileStatus.Generating, FileStatus.Ready, FileStatus.Downloaded].map((status) => ({
    value: String(status),
    label: statusText(status),
  })),
  { value: String(FileStatus.Retry), label: '生成失败' },
];

/**
 * The download centre (/downloadCenter): the whole history with paging and filters (file name,
 * status), live from magic_001 pushes, with the same click rules as the popover, deletion, and
 * Excel exports. In the desktop client the client's downloads show their progress
 * (electron_download) and can be cancelled; downloaded files open in their folder.
 */
export function DownloadCenter() {
  const [filters, setFilters] = useState<DownloadFilters>({});
  const [keywordInput, setKeywordInput] = useState('');
  const [page, setPage] = useState(1);
  const listQuery = useDownloadList(page, DOWNLOAD_CENTER_PAGE_SIZE, filters);
  const list = listQuery.data ?? { tasks: [], total: 0 };
  const pages = Math.max(1, Math.ceil(list.total / DOWNLOAD_CENTER_PAGE_SIZE));
  // The page shown has emptied (deletions): go back to the last page.
  if (listQuery.data && !listQuery.isPlaceholderData && page > pages) setPage(pages);
  const transfer = useTransfer();
  const queueCount = useDownloadCounts().data?.queueCount ?? 0;
  const click = useTaskClick({ again: true });
  const remove = useDeleteDownloadTask();
  const submitExport = useSubmitExport();
  const desktop = desktopBridge.isDesktop;

  /**
   * The creation-day range (local days, both included): applied when each given day is a date
   * and the range is not backwards; an empty day leaves that side open.
   */
  const [startDay, setStartDay] = useState('');
  const [endDay, setEndDay] = useState('');
  const [dayError, setDayError] = useState<string | null>(null);
  const applyDays = (start: string, end: string) => {
    setStartDay(start);
    setEndDay(end);
    const startTime = start ? localDayStart(start) : null;
    const endTime = end ? localDayStart(end, 1) : null;
    if ((start && startTime === null) || (end && endTime === null)) return;
    if (startTime !== null && endTime !== null && startTime >= endTime) {
      setDayError('结束日期不能早于开始日期');
      return;
    }
    setDayError(null);
    applyFilters({ startTime: startTime ?? undefined, endTime: endTime ?? undefined });
  };

  /** New filters list from page 1. */
  const applyFilters = (patch: DownloadFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const applyKeyword = () => {
    const keyword = keywordInput.trim();
    setKeywordInput(keyword);
    applyFilters({ keyword: keyword || undefined });
  };

  const filtered = Object.keys(downloadFilterParams(filters)).length > 0;

  const columns: ListTableColumn<DownloadTask>[] = [
    {
      accessor: 'fileName',
      title: '文件名',
      width: 320,
      render: (t) => (
        <>
          <Text size="sm">{displayName(t)}</Text>
          {transfer?.id === t.id && <TransferProgress transfer={transfer} />}
          {desktop && <DesktopDownloadProgress id={t.id} />}
        </>
      ),
    },
    { accessor: 'fileSize', title: '大小', render: (t) => formatFileSize(t.fileSize || null) },
    { accessor: 'createTimeMillis', title: '创建时间', render: (t) => taskTime(t.createTimeMillis) },
    { accessor: 'fileStatus', title: '状态', render: (t) => <StatusText task={t} /> },
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      render: (t) => {
        const action = ACTION_TEXT[t.fileStatus];
        return (
          <Group gap="xs" wrap="nowrap">
            {action && (
              <Anchor component="button" size="sm" onClick={() => click(t)}>
                {action}
              </Anchor>
            )}
            {desktop && t.fileStatus === FileStatus.Downloaded && (
              <Anchor component="button" size="sm" onClick={() => void desktopBridge.openFolder(t.id)}>
                打开文件夹
              </Anchor>
            )}
            <Tooltip label="删除">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`删除 ${displayName(t)}`}
                onClick={() => remove.mutate(t.id)}
              >
                <TrashIcon />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    },
  ];

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={4}>下载中心</Title>
        <Group gap="xs">
          {desktop && (
            <Button size="xs" variant="default" onClick={() => void desktopBridge.openFolder()}>
              打开下载目录
            </Button>
          )}
          {EXPORTS.map((e) => (
            <GuardedButton
              key={e.excelType}
              size="xs"
              variant="light"
              onClick={() =>
                submitExport.mutate({
                  excelType: e.excelType,
                  businessName: e.businessName,
                  reqParams: e.withFilters ? downloadFilterParams(filters) : {},
                })
              }
            >
              {e.label}
            </GuardedButton>
          ))}
        </Group>
      </Group>
      <Group gap="xs" role="search" aria-label="筛选下载记录">
        <TextInput
          size="xs"
          w={220}
          placeholder="搜索文件名"
          aria-label="文件名"
          value={keywordInput}
          onChange={(e) => setKeywordInput(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') applyKeyword();
          }}
        />
        <Button size="xs" variant="default" onClick={applyKeyword}>
          搜索
        </Button>
        <TextInput
          size="xs"
          type="date"
          aria-label="开始日期"
          value={startDay}
          onChange={(e) => applyDays(e.currentTarget.value, endDay)}
        />
        <Text size="xs" c="dimmed">
          至
        </Text>
        <TextInput
          size="xs"
          type="date"
          aria-label="结束日期"
          value={endDay}
          error={dayError}
          onChange={(e) => applyDays(startDay, e.currentTarget.value)}
        />
        <Select
          size="xs"
          w={120}
          aria-label="状态"
          data={STATUS_FILTER_OPTIONS}
          value={filters.fileStatus?.length ? String(filters.fileStatus[0]) : ALL_STATUSES}
          allowDeselect={false}
          onChange={(value) =>
            applyFilters({ fileStatus: value && value !== ALL_STATUSES ? [Number(value)] : undefined })
          }
        />
      </Group>
      <QueueProgress queueCount={queueCount} />
      <ListTable<DownloadTask>
        label="下载记录"
        storeKey="download-center"
        columns={columns}
        records={list.tasks}
        idAccessor="id"
        rowAttributes={(t) => ({ 'data-task-id': t.id, 'data-status': t.fileStatus, 'aria-label': displayName(t) })}
        noRecordsText={filtered ? '没有符合条件的下载记录' : '暂无下载记录'}
        fetching={listQuery.isPending}
        pinFirstColumn
        pinLastColumn
      />
      <ListFooter page={page} pages={pages} total={list.total} onPageChange={setPage} />
    </Stack>
  );
}
