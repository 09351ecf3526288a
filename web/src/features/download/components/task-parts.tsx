import { Progress, Text, Tooltip } from '@mantine/core';
import type { DownloadTask } from '@/generated/DownloadTask';
import type { Transfer } from '../download-file';
import { FileStatus, statusText } from '../download-rules';
import { useGenerationProgress } from '../hooks/use-generation-progress';

const STATUS_COLOR: Record<number, string> = {
  1: 'gray',
  2: 'orange',
  3: 'blue',
  4: 'green',
  5: 'red',
};

/**
 * The status text; a failed task (5) explains why in a tooltip, an export being generated (2)
 * shows how far it is once the server reports it.
 */
export function StatusText({ task }: { task: Pick<DownloadTask, 'id' | 'fileStatus' | 'error'> }) {
  const progress = useGenerationProgress(task.id);
  const generating = task.fileStatus === FileStatus.Generating && progress !== undefined;
  const text = (
    <Text
      size="xs"
      c={STATUS_COLOR[task.fileStatus] ?? 'dimmed'}
      data-status={task.fileStatus}
      style={{ whiteSpace: 'nowrap' }}
    >
      {statusText(task.fileStatus)}
      {generating && ` ${progress}%`}
    </Text>
  );
  if (generating) {
    return (
      <div>
        {text}
        <Progress value={progress} size="xs" mt={2} aria-label={`生成进度 ${progress}%`} />
      </div>
    );
  }
  if (task.fileStatus === FileStatus.Retry && task.error) {
    return (
      <Tooltip label={task.error} multiline w={240}>
        {text}
      </Tooltip>
    );
  }
  return text;
}

/** The progress of the file being fetched. */
export function TransferProgress({ transfer }: { transfer: Transfer }) {
  const percent = transfer.total ? Math.min(100, Math.round((transfer.loaded / transfer.total) * 100)) : 100;
  return (
    <Progress
      value={percent}
      size="xs"
      mt={2}
      animated={!transfer.total}
      striped={!transfer.total}
      aria-label={transfer.total ? `下载进度 ${percent}%` : '下载中'}
    />
  );
}

/** The download animation: an animated bar while files are queued. */
export function QueueProgress({ queueCount }: { queueCount: number }) {
  if (queueCount <= 0) return null;
  return (
    <div role="status" aria-label={`${queueCount} 个文件生成中`}>
      <Text size="xs" c="dimmed" mb={2}>
        {queueCount} 个文件生成中…
      </Text>
      <Progress value={100} striped animated size="sm" />
    </div>
  );
}

/** The delete action's icon. */
export function TrashIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
    </svg>
  );
}
