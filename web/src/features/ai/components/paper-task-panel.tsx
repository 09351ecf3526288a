import { Button, type ButtonProps, Drawer, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { RealtimeClient } from '@/lib/realtime';
import { usePaperTaskLive } from '../api/paper-tasks';
import { PaperTaskDetail } from './paper-task-detail';
import { PaperTaskForm } from './paper-task-form';
import { PaperTaskList } from './paper-task-list';

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'task'; taskId: number; recognize: boolean };

export interface PaperTaskPanelProps {
  /** The push client (a fake one in tests). */
  realtime?: RealtimeClient;
}

/**
 * AI 识卷: my tasks (list), a new one (form), or one task (its recognition, questions, saving);
 * the tasks follow their pushes while the panel is open.
 */
export function PaperTaskPanel({ realtime }: PaperTaskPanelProps) {
  usePaperTaskLive(realtime);
  const [view, setView] = useState<View>({ kind: 'list' });
  const toList = () => setView({ kind: 'list' });
  switch (view.kind) {
    case 'list':
      return (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            上传试卷的照片或 PDF，AI 识别出其中的题目；校对修改后保存到「我的题库」，也可以同时加入试题篮。
          </Text>
          <PaperTaskList
            onOpen={(taskId) => setView({ kind: 'task', taskId, recognize: false })}
            onNew={() => setView({ kind: 'new' })}
          />
        </Stack>
      );
    case 'new':
      return (
        <PaperTaskForm
          onCancel={toList}
          onSaved={(task, recognize) => setView({ kind: 'task', taskId: task.taskId, recognize })}
        />
      );
    case 'task':
      return (
        <PaperTaskDetail key={view.taskId} taskId={view.taskId} recognizeOnOpen={view.recognize} onBack={toList} />
      );
  }
}

export interface PaperTaskButtonProps extends PaperTaskPanelProps {
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/** AI 识卷: a button that opens the panel in a drawer. */
export function PaperTaskButton({ realtime, size = 'xs', variant = 'light' }: PaperTaskButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size={size} variant={variant} onClick={() => setOpened(true)}>
        AI 识卷
      </Button>
      <Drawer opened={opened} onClose={() => setOpened(false)} title="AI 识卷" position="right" size="xl">
        {opened && <PaperTaskPanel realtime={realtime} />}
      </Drawer>
    </>
  );
}
