import { Anchor, Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UploadClass } from '@/generated/UploadClass';
import { formatFileSize } from '@/lib/format';
import { useStore } from '@/lib/store';
import { UPLOAD_CLASS_LABEL } from '../upload-rules';
import { UPLOAD_TEXT, type UploadItem, UploadStatus } from '../upload-item';
import type { UploadManager } from '../upload-manager';

function statusColor(item: UploadItem): string {
  if (item.status === UploadStatus.Failed) return 'red';
  if (item.uploadStatus === UPLOAD_TEXT.saved || item.uploadStatus === UPLOAD_TEXT.addedToCamp) return 'green';
  if (item.status === UploadStatus.Success) return 'teal';
  if (item.status === UploadStatus.Uploading) return 'blue';
  return 'gray';
}

interface ItemProps {
  item: UploadItem;
  manager: UploadManager;
  /** In the active list: its steps (upload, save, camp task) are still running. */
  active: boolean;
}

/** One upload: name, class, size, status text (and the server's message), progress, actions. */
function UploadRow({ item, manager, active }: ItemProps) {
  const running = active && item.status !== UploadStatus.Waiting;
  return (
    <Paper
      withBorder
      p="xs"
      role="listitem"
      aria-label={item.fileName}
      data-uid={item.uid}
      data-status={item.status}
      data-upload-status={item.uploadStatus}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <Badge size="xs" variant="light" color="gray">
              {UPLOAD_CLASS_LABEL[item.cls]}
            </Badge>
            <Text size="sm" truncate="end" title={item.fileName}>
              {item.fileName}
            </Text>
          </Group>
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {formatFileSize(item.size)}
            </Text>
            <Text size="xs" c={statusColor(item)} data-role="upload-status">
              {item.uploadStatus}
            </Text>
            {item.error && (
              <Text size="xs" c="red" data-role="upload-error">
                {item.error}
              </Text>
            )}
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {item.status === UploadStatus.Waiting && (
            <Anchor
              component="button"
              size="sm"
              c="dimmed"
              onClick={() => manager.remove(item.uid)}
              aria-label={`取消 ${item.fileName}`}
            >
              取消
            </Anchor>
          )}
          {item.status === UploadStatus.Failed && (
            <>
              <Anchor
                component="button"
                size="sm"
                onClick={() => manager.retry(item.uid)}
                aria-label={`重试 ${item.fileName}`}
              >
                重试
              </Anchor>
              <Anchor
                component="button"
                size="sm"
                c="dimmed"
                onClick={() => manager.remove(item.uid)}
                aria-label={`移除 ${item.fileName}`}
              >
                移除
              </Anchor>
            </>
          )}
        </Group>
      </Group>
      {item.status !== UploadStatus.Waiting && (
        <Progress
          mt={6}
          size="sm"
          value={item.progress}
          color={item.status === UploadStatus.Failed ? 'red' : item.progress >= 100 ? 'teal' : 'blue'}
          striped={running}
          animated={running && item.uploadStatus === UPLOAD_TEXT.noProgress}
          aria-label={`${item.fileName} 上传进度 ${item.progress}%`}
        />
      )}
    </Paper>
  );
}

interface SectionProps {
  title: string;
  items: UploadItem[];
  manager: UploadManager;
  /** The list of queued and running items. */
  active?: boolean;
  action?: ReactNode;
}

function Section({ title, items, manager, active = false, action }: SectionProps) {
  if (items.length === 0) return null;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={6}>
          {title}（{items.length}）
        </Title>
        {action}
      </Group>
      <Stack gap="xs" role="list" aria-label={title}>
        {items.map((item) => (
          <UploadRow key={item.uid} item={item} manager={manager} active={active} />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The manager's lists for a page accepting `classes`: 上传列表 (queued and active), 上传成功,
 * 上传失败. Items of the other page's classes keep going but are not shown here.
 */
export function UploadLists({ manager, classes }: { manager: UploadManager; classes: readonly UploadClass[] }) {
  const state = useStore(manager.store);
  const mine = (items: UploadItem[]) => items.filter((i) => classes.includes(i.cls));
  const active = [...mine(state.active), ...mine(state.waiting)];
  const success = mine(state.success);
  const error = mine(state.error);
  return (
    <Stack gap="md">
      <Section title="上传列表" items={active} manager={manager} active />
      <Section
        title="上传成功"
        items={success}
        manager={manager}
        action={
          <Anchor component="button" size="xs" c="dimmed" onClick={() => manager.clearSuccess(classes)}>
            清空
          </Anchor>
        }
      />
      <Section title="上传失败" items={error} manager={manager} />
    </Stack>
  );
}
