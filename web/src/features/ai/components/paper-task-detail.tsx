import { Alert, Badge, Button, Checkbox, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { AiPaperTask } from '@/generated/AiPaperTask';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { showSuccess } from '@/lib/toast';
import { useModelConfig } from '../api/model-config';
import {
  useDeletePaperTask,
  usePaperTask,
  useRecognizePaperTask,
  useSavePaperTaskToBank,
  useTaskQuestions,
} from '../api/paper-tasks';
import { isRecognized, isRecognizing, PAPER_TASK_STATUSES, PaperTaskStatus } from '../ai-dict';
import { questionsWithoutPoints } from '../paper-questions';
import { NotConfigured } from './not-configured';
import { PaperFeedback } from './paper-feedback';
import { PaperTaskForm } from './paper-task-form';
import { TaskQuestions } from './task-questions';

/** The status of a task as a badge (with its progress while recognising). */
export function PaperTaskStatusBadge({ task }: { task: AiPaperTask }) {
  const status = PAPER_TASK_STATUSES.find((s) => s.code === task.status);
  const label = status?.name ?? '未知';
  return (
    <Badge color={status?.color ?? 'gray'} variant="light">
      {task.status === PaperTaskStatus.Recognizing ? `${label} ${task.progress}%` : label}
    </Badge>
  );
}

/** 保存到题库: the questions not saved yet into my own questions, optionally also into the basket. */
function SaveToBank({ task, held }: { task: AiPaperTask; held: boolean }) {
  const [toBasket, setToBasket] = useState(false);
  const questions = useTaskQuestions(task.taskId, true);
  const save = useSavePaperTaskToBank();
  const pending = (questions.data ?? []).filter((q) => q.savedQuestionId == null).length;
  const pointless = questionsWithoutPoints(questions.data ?? [], task.knowledgeIds);
  const result = save.data?.task.taskId === task.taskId ? save.data : undefined;

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label="保存到题库">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm">{pending > 0 ? `${pending} 道题待保存到「我的题库」` : '全部题目已保存到「我的题库」'}</Text>
          <Group gap="sm">
            <Checkbox
              label="同时加入试题篮"
              checked={toBasket}
              onChange={(e) => setToBasket(e.currentTarget.checked)}
            />
            <Button
              size="xs"
              disabled={held || pending === 0 || pointless > 0}
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  { taskId: task.taskId, addToBasket: toBasket },
                  { onSuccess: () => showSuccess('已保存到题库') },
                )
              }
            >
              保存到题库
            </Button>
          </Group>
        </Group>
        {held && (
          <Text size="xs" c="orange">
            请先保存或放弃对题目的修改。
          </Text>
        )}
        {pointless > 0 && (
          <Text size="xs" c="orange">
            有 {pointless} 道题没有知识点：请在「修改信息」中为任务选择知识点，或逐题选择。
          </Text>
        )}
        {save.error && (
          <Alert color="red" variant="light" role="alert">
            {save.error.message}
          </Alert>
        )}
        {result && (
          <Alert color="green" variant="light" role="status">
            已保存 {result.questionIds.length} 道题到我的题库（题目编号{' '}
            {result.questionIds.map((id) => `#${id}`).join('、')}）
            {save.variables?.addToBasket && result.inBasket > 0 ? `，试题篮现有 ${result.inBasket} 道题` : ''}。
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

export interface PaperTaskDetailProps {
  taskId: number;
  onBack: () => void;
  /** Open with 保存并识别 just chosen: the recognition starts at once. */
  recognizeOnOpen?: boolean;
}

/**
 * One AI paper task: its facts, 开始识别 (the progress as its pushes bring it; why it failed; the
 * provider not configured), then the recognised questions to edit, 保存到题库 and the verdict on
 * the recognition; 修改信息 and 删除.
 */
export function PaperTaskDetail({ taskId, onBack, recognizeOnOpen = false }: PaperTaskDetailProps) {
  const task = usePaperTask(taskId);
  const config = useModelConfig();
  const recognize = useRecognizePaperTask();
  const remove = useDeletePaperTask();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [dirty, setDirty] = useState(false);
  const started = useRef(false);
  const { mutate: startRecognition } = recognize;
  useEffect(() => {
    // 保存并识别: the task was just saved with its paper; started once.
    if (!recognizeOnOpen || started.current) return;
    started.current = true;
    startRecognition(taskId);
  }, [recognizeOnOpen, startRecognition, taskId]);

  if (task.isPending) {
    return (
      <Text size="sm" c="dimmed">
        加载中…
      </Text>
    );
  }
  if (task.isError) {
    return (
      <Stack gap="sm">
        <Alert color="red" variant="light">
          {task.error.message}
        </Alert>
        <Button variant="subtle" w="fit-content" onClick={onBack}>
          返回列表
        </Button>
      </Stack>
    );
  }
  const t = task.data;
  const running = isRecognizing(t.status) || recognize.isPending;
  const recognized = isRecognized(t.status);
  const notConfigured = config.data?.configured === false;
  const recognizeError = recognize.error;
  const unavailable = recognizeError !== null && isApiError(recognizeError) && recognizeError.status === 503;
  const canRecognize = !running && !notConfigured && t.savedCount === 0 && t.fileId !== '';

  if (editing) {
    return (
      <PaperTaskForm
        task={t}
        onCancel={() => setEditing(false)}
        onSaved={(saved, andRecognize) => {
          setEditing(false);
          if (andRecognize) recognize.mutate(saved.taskId);
        }}
      />
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={onBack}>
            ← 返回列表
          </Button>
          <Title order={5}>{t.title}</Title>
          <PaperTaskStatusBadge task={t} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            disabled={running || dirty}
            title={dirty ? '请先保存或放弃对题目的修改' : undefined}
            onClick={() => setEditing(true)}
          >
            修改信息
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => setDeleting(true)}>
            删除
          </Button>
        </Group>
      </Group>
      <Group gap="lg">
        <Text size="sm" c="dimmed">
          文件：{t.fileName || '未上传'}
        </Text>
        <Text size="sm" c="dimmed">
          题目：{t.questionCount} 道{t.savedCount > 0 ? `（已入库 ${t.savedCount} 道）` : ''}
        </Text>
        {t.model && (
          <Text size="sm" c="dimmed">
            模型：{t.model}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          更新于 {formatDateTime(new Date(t.updateTime))}
        </Text>
      </Group>

      {notConfigured && config.data && <NotConfigured hint={config.data.hint} />}
      {unavailable && !notConfigured && <NotConfigured hint={config.data?.hint ?? recognizeError.message} />}
      {recognizeError && !unavailable && (
        <Alert color="red" variant="light" role="alert">
          {recognizeError.message}
        </Alert>
      )}

      {isRecognizing(t.status) && (
        <Stack gap={4} role="status" aria-label="识别进度">
          <Text size="sm">{t.status === PaperTaskStatus.Waiting ? '排队等待识别…' : `正在识别… ${t.progress}%`}</Text>
          <Progress value={t.progress} animated aria-label={`识别进度 ${t.progress}%`} />
        </Stack>
      )}
      {t.status === PaperTaskStatus.Failed && (
        <Alert color="red" variant="light" title="识别失败">
          {t.error || '识别失败，请稍后重试'}
        </Alert>
      )}
      {!isRecognizing(t.status) && t.savedCount === 0 && (
        <Group>
          <Button
            size="xs"
            disabled={!canRecognize || dirty}
            loading={recognize.isPending}
            onClick={() => recognize.mutate(taskId)}
          >
            {t.status === PaperTaskStatus.Draft ? '开始识别' : '重新识别'}
          </Button>
          {recognized && (
            <Text size="xs" c="dimmed">
              重新识别会替换当前的题目。
            </Text>
          )}
          {!t.fileId && (
            <Text size="xs" c="dimmed">
              请先在「修改信息」中上传试卷图片或PDF。
            </Text>
          )}
        </Group>
      )}

      {recognized && (
        <>
          <PaperFeedback task={t} />
          <SaveToBank task={t} held={dirty} />
          <TaskQuestions task={t} onDirtyChange={setDirty} />
        </>
      )}

      <ConfirmModal
        opened={deleting}
        title="删除识卷任务"
        message={`确定删除「${t.title}」吗？识别出的题目将一并删除（已保存到题库的题目不受影响）。`}
        confirmLabel="删除"
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(taskId, {
            onSuccess: () => {
              setDeleting(false);
              showSuccess('任务已删除');
              onBack();
            },
          })
        }
      />
    </Stack>
  );
}
