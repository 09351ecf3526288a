import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PhaseTask } from '@/generated/PhaseTask';
import { isFileTask } from '../camp-dict';
import { taskSummary } from '../task-content';
import { TaskTypeBadge } from './badges';

export type TaskAction = 'preview' | 'edit' | 'rename' | 'delete';

export interface TaskRowProps {
  task: PhaseTask;
  index: number;
  handle: ReactNode;
  editable: boolean;
  onAction: (action: TaskAction, task: PhaseTask) => void;
}

/** A task of a phase: its handle, type, name and what it holds; 预览, 编辑 or 重命名, 删除. */
export function TaskRow({ task, index, handle, editable, onAction }: TaskRowProps) {
  const file = isFileTask(task.taskType);
  return (
    <Paper withBorder px="xs" py={6} role="listitem" aria-label={task.taskName} data-task-id={task.taskId}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {handle}
          <Text size="xs" c="dimmed" w={20} ta="right">
            {index + 1}
          </Text>
          <TaskTypeBadge type={task.taskType} name={task.taskTypeName} />
          <Text size="sm" truncate="end" title={task.taskName}>
            {task.taskName}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {taskSummary(task)}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          {file && (
            <Button size="compact-xs" variant="subtle" onClick={() => onAction('preview', task)}>
              预览
            </Button>
          )}
          {editable && (
            <>
              <Button size="compact-xs" variant="subtle" onClick={() => onAction(file ? 'rename' : 'edit', task)}>
                {file ? '重命名' : '编辑'}
              </Button>
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => onAction('delete', task)}>
                删除
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
