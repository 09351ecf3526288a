import { Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { CampPhase } from '@/generated/CampPhase';
import type { PhaseTask } from '@/generated/PhaseTask';
import { useDeletePhase, useDeletePhaseTask, useRenamePhase, useReorderTasks, useUpdatePhaseTask } from '../api/phases';
import { CAMP_LIMITS, TASK_FLASH_CARDS } from '../camp-dict';
import { FilePreviewModal } from './file-preview-modal';
import { FlashCardEditor } from './flash-card-editor';
import { QuestionSetEditor } from './question-set-editor';
import { RenameModal } from './rename-modal';
import { SortableItem, SortableList } from './sortable';
import { type TaskAction, TaskRow } from './task-row';
import { UploadModal } from './upload-modal';

/** The dialog a phase has open. */
type PhaseDialog =
  | { kind: 'renamePhase' }
  | { kind: 'deletePhase' }
  | { kind: 'questions'; task: PhaseTask | null }
  | { kind: 'cards'; task: PhaseTask | null }
  | { kind: 'upload'; media: boolean }
  | { kind: 'renameTask'; task: PhaseTask }
  | { kind: 'deleteTask'; task: PhaseTask }
  | { kind: 'preview'; task: PhaseTask };

export interface PhaseCardProps {
  campId: number;
  phase: CampPhase;
  index: number;
  /** The phase's drag handle (none when the phases cannot be reordered). */
  handle: ReactNode;
  editable: boolean;
}

/**
 * A phase of the builder: its name (renamed, deleted with its tasks), its tasks in order (dragged
 * by their handles), and 添加任务: a question set, flash cards, or files uploaded into it.
 */
export function PhaseCard({ campId, phase, index, handle, editable }: PhaseCardProps) {
  const [dialog, setDialog] = useState<PhaseDialog | null>(null);
  const close = () => setDialog(null);
  const renamePhase = useRenamePhase();
  const deletePhase = useDeletePhase();
  const deleteTask = useDeletePhaseTask();
  const renameTask = useUpdatePhaseTask();
  const reorder = useReorderTasks();
  const taskIds = phase.tasks.map((t) => t.taskId);
  const nameOf = (id: number) => phase.tasks.find((t) => t.taskId === id)?.taskName ?? '';

  const onTask = (action: TaskAction, task: PhaseTask) => {
    if (action === 'preview') setDialog({ kind: 'preview', task });
    else if (action === 'rename') setDialog({ kind: 'renameTask', task });
    else if (action === 'delete') setDialog({ kind: 'deleteTask', task });
    else setDialog({ kind: task.taskType === TASK_FLASH_CARDS ? 'cards' : 'questions', task });
  };

  return (
    <Card
      withBorder
      padding="sm"
      component="section"
      aria-label={`阶段：${phase.phaseName}`}
      data-phase-id={phase.phaseId}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {handle}
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              第{index + 1}阶段
            </Text>
            <Text fw={600} truncate="end" title={phase.phaseName}>
              {phase.phaseName}
            </Text>
          </Group>
          {editable && (
            <Group gap={4} wrap="nowrap">
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button size="compact-sm" variant="light">
                    添加任务
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => setDialog({ kind: 'questions', task: null })}>题集</Menu.Item>
                  <Menu.Item onClick={() => setDialog({ kind: 'cards', task: null })}>闪卡</Menu.Item>
                  <Menu.Item onClick={() => setDialog({ kind: 'upload', media: false })}>上传文档/图片</Menu.Item>
                  <Menu.Item onClick={() => setDialog({ kind: 'upload', media: true })}>上传音视频</Menu.Item>
                </Menu.Dropdown>
              </Menu>
              <Button size="compact-sm" variant="subtle" onClick={() => setDialog({ kind: 'renamePhase' })}>
                重命名
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDialog({ kind: 'deletePhase' })}>
                删除
              </Button>
            </Group>
          )}
        </Group>
        {phase.tasks.length === 0 ? (
          <Text size="sm" c="dimmed" py="xs">
            还没有任务：每个阶段至少需要一个任务才能发布。
          </Text>
        ) : (
          <Stack gap={6} role="list" aria-label={`${phase.phaseName}的任务`}>
            <SortableList
              ids={taskIds}
              nameOf={nameOf}
              onReorder={(ids) => reorder.mutate({ campId, phaseId: phase.phaseId, taskIds: ids })}
            >
              {phase.tasks.map((task, i) => (
                <SortableItem
                  key={task.taskId}
                  id={task.taskId}
                  label={`任务「${task.taskName}」`}
                  disabled={!editable || phase.tasks.length < 2}
                >
                  {(taskHandle) => (
                    <TaskRow task={task} index={i} handle={taskHandle} editable={editable} onAction={onTask} />
                  )}
                </SortableItem>
              ))}
            </SortableList>
          </Stack>
        )}
      </Stack>

      {dialog?.kind === 'renamePhase' && (
        <RenameModal
          title="重命名阶段"
          label="阶段名称"
          name={phase.phaseName}
          maxLength={CAMP_LIMITS.phaseName}
          busy={renamePhase.isPending}
          onClose={close}
          onSave={(phaseName) =>
            renamePhase.mutate({ campId, phaseId: phase.phaseId, phaseName }, { onSuccess: close })
          }
        />
      )}
      <ConfirmModal
        opened={dialog?.kind === 'deletePhase'}
        title="删除阶段"
        message={`删除阶段「${phase.phaseName}」及其 ${phase.tasks.length} 个任务？`}
        confirmLabel="删除"
        busy={deletePhase.isPending}
        onClose={close}
        onConfirm={() => deletePhase.mutate({ campId, phaseId: phase.phaseId }, { onSettled: close })}
      />
      {dialog?.kind === 'questions' && (
        <QuestionSetEditor campId={campId} phaseId={phase.phaseId} task={dialog.task} onClose={close} />
      )}
      {dialog?.kind === 'cards' && (
        <FlashCardEditor campId={campId} phaseId={phase.phaseId} task={dialog.task} onClose={close} />
      )}
      {dialog?.kind === 'upload' && (
        <UploadModal
          campId={campId}
          phaseId={phase.phaseId}
          phaseName={phase.phaseName}
          media={dialog.media}
          onClose={close}
        />
      )}
      {dialog?.kind === 'renameTask' && (
        <RenameModal
          title="重命名任务"
          label="任务名称"
          name={dialog.task.taskName}
          maxLength={CAMP_LIMITS.taskName}
          busy={renameTask.isPending}
          onClose={close}
          onSave={(taskName) =>
            renameTask.mutate({ campId, taskId: dialog.task.taskId, taskName }, { onSuccess: close })
          }
        />
      )}
      <ConfirmModal
        opened={dialog?.kind === 'deleteTask'}
        title="删除任务"
        message={dialog?.kind === 'deleteTask' ? `删除任务「${dialog.task.taskName}」？` : ''}
        confirmLabel="删除"
        busy={deleteTask.isPending}
        onClose={close}
        onConfirm={() => {
          if (dialog?.kind === 'deleteTask')
            deleteTask.mutate({ campId, taskId: dialog.task.taskId }, { onSettled: close });
        }}
      />
      {dialog?.kind === 'preview' && <FilePreviewModal campId={campId} task={dialog.task} onClose={close} />}
    </Card>
  );
}
