import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { WorkTaskRow } from '@/generated/WorkTaskRow';
import { formatInstant } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useFinishWorkTask } from '../api/task';
import { NOTE_MAX_CHARS } from '../work-task-dict';

export interface FinishModalProps {
  /** The task to finish; null: closed. */
  task: WorkTaskRow | null;
  onClose: () => void;
}

/**
 * 完成任务: what was done (at most 500 characters, optional), then `workTask/finish`. The lists
 * and counts are read again either way; a refusal (任务已完成) is shown by the API client.
 */
export function FinishModal({ task, onClose }: FinishModalProps) {
  const [note, setNote] = useState('');
  const finish = useFinishWorkTask();

  const close = () => {
    setNote('');
    onClose();
  };
  const submit = () => {
    if (!task) return;
    finish.mutate(
      { id: task.id, note: note.trim() },
      {
        onSuccess: () => {
          showSuccess('任务已标记为完成');
          close();
        },
        onError: close,
      },
    );
  };

  return (
    <Modal opened={task !== null} onClose={close} title="完成任务" centered>
      {task && (
        <Stack gap="sm">
          <Text size="sm">
            {task.taskName} · {task.stepName} · {task.studentName}
          </Text>
          <Text size="xs" c="dimmed">
            截止时间：{formatInstant(task.endAt)}
          </Text>
          <Textarea
            label="完成说明"
            placeholder="简要说明完成情况（选填）"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={NOTE_MAX_CHARS}
            description={`${note.length}/${NOTE_MAX_CHARS}`}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              取消
            </Button>
            <Button onClick={submit} loading={finish.isPending}>
              确认完成
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
