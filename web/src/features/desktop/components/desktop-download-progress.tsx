import { Anchor, Group, Progress, Text } from '@mantine/core';
import { formatFileSize } from '@/lib/format';
import { type DesktopBridge, desktopBridge } from '../desktop-bridge';
import { useDesktopDownload } from '../desktop-downloads';

/**
 * How far the desktop client has fetched a task's file (electron_download pushes), with 取消 while
 * it runs. Nothing when the desktop client is not fetching it.
 */
export function DesktopDownloadProgress({ id, bridge = desktopBridge }: { id: number; bridge?: DesktopBridge }) {
  const progress = useDesktopDownload(id);
  if (!progress) return null;
  const done = progress.percent >= 100;
  return (
    <div data-desktop-download={id}>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="xs" c="dimmed">
          {done ? '客户端下载完成' : `客户端下载中 ${progress.percent}%`}
          {progress.total > 0 && `（${formatFileSize(progress.received)}/${formatFileSize(progress.total)}）`}
        </Text>
        {!done && (
          <Anchor component="button" size="xs" c="red" onClick={() => void bridge.cancelDownload(id)}>
            取消
          </Anchor>
        )}
      </Group>
      <Progress value={progress.percent} size="xs" mt={2} aria-label={`客户端下载进度 ${progress.percent}%`} />
    </div>
  );
}
