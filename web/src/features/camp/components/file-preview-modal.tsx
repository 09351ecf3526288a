import { Center, Loader, Modal, Text } from '@mantine/core';
import type { PhaseTask } from '@/generated/PhaseTask';
import { useTaskFilePreview } from '../api/task-files';
import { FileView } from './file-view';

/** 预览: a file task's file, if its owner may preview it (else why not). */
export function FilePreviewModal({ campId, task, onClose }: { campId: number; task: PhaseTask; onClose: () => void }) {
  const preview = useTaskFilePreview(campId, task.taskId, task.taskType);
  return (
    <Modal opened onClose={onClose} title={`预览：${task.taskName}`} size="lg" centered>
      {preview.isPending ? (
        <Center p="lg">
          <Loader size="sm" aria-label="加载中" />
        </Center>
      ) : preview.isError ? (
        <Text c="red" size="sm" role="alert">
          {preview.error.message}
        </Text>
      ) : (
        <FileView file={preview.data} />
      )}
    </Modal>
  );
}
