import { Alert, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ScopeSelect } from '@/components/scope-select';
import { KnowledgePicker } from '@/features/question/components/knowledge-picker';
import type { AiPaperTask } from '@/generated/AiPaperTask';
import { useScope } from '@/hooks/use-scope';
import { formatFileSize } from '@/lib/format';
import type { Selection } from '@/lib/session';
import { paperFileProblem, uploadPaperFile, useSavePaperTask } from '../api/paper-tasks';
import { PAPER_FILE_KINDS, PAPER_MAX_POINTS, PAPER_TITLE_MAX_LENGTH } from '../ai-dict';

export interface PaperTaskFormProps {
  /** The task changed (absent: a new one). */
  task?: AiPaperTask;
  /** Saved: the task as it now stands; `recognize` when 保存并识别 was chosen. */
  onSaved: (task: AiPaperTask, recognize: boolean) => void;
  onCancel: () => void;
}

const ACCEPT = PAPER_FILE_KINDS.map((k) => `.${k}`).join(',');

/**
 * 新建识卷任务 / 修改任务信息: the title, the stage and subject (a new task's: the header's choice
 * unless picked here), the knowledge points the questions are saved under unless one names its
 * own, and the paper (a photo or PDF, uploaded when saved; a new task needs one). Changing the
 * file of a recognised task makes it a draft again.
 */
export function PaperTaskForm({ task, onSaved, onCancel }: PaperTaskFormProps) {
  const [headerScope, chooseScope] = useScope();
  const scope: Selection | null = task ? { stage: task.stage, subject: task.subject } : headerScope;
  const [title, setTitle] = useState(task?.title ?? '');
  const [points, setPoints] = useState<number[]>(task?.knowledgeIds ?? []);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState('');
  const [tried, setTried] = useState(false);
  const save = useSavePaperTask();

  const trimmed = title.trim();
  const titleError = !trimmed
    ? '请填写标题'
    : trimmed.length > PAPER_TITLE_MAX_LENGTH
      ? `标题不能超过${PAPER_TITLE_MAX_LENGTH}个字`
      : '';
  const fileError = file ? paperFileProblem(file) : task?.fileId ? '' : '请上传试卷图片或PDF';
  const busy = uploading || save.isPending;

  const submit = async (recognize: boolean) => {
    setTried(true);
    setError('');
    if (titleError || fileError || !scope) return;
    let fileId = task?.fileId ?? '';
    try {
      if (file) {
        setUploading(true);
        fileId = (await uploadPaperFile(file)).fileId;
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : '上传失败');
      return;
    } finally {
      setUploading(false);
    }
    try {
      const saved = await save.mutateAsync({
        ...(task ? { taskId: task.taskId } : {}),
        title: trimmed,
        subject: scope.subject,
        stage: scope.stage,
        ...(fileId ? { fileId } : {}),
        knowledgeIds: points,
      });
      onSaved(saved, recognize);
    } catch (e) {
      setError(e instanceof Error ? e.message : '保存失败');
    }
  };

  return (
    <Stack gap="sm" role="form" aria-label={task ? '修改任务信息' : '新建识卷任务'}>
      <TextInput
        label="标题"
        required
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        placeholder="如：高一数学期中试卷"
        error={tried ? titleError || undefined : undefined}
      />
      <Group align="flex-end" gap="sm">
        {task ? (
          <Text size="sm" c="dimmed">
            学段、学科创建后不能修改
          </Text>
        ) : (
          <ScopeSelect
            value={scope}
            size="sm"
            onChange={(next) => {
              chooseScope(next);
              setPoints([]);
            }}
          />
        )}
      </Group>
      {scope ? (
        <KnowledgePicker
          subject={scope.subject}
          stage={scope.stage}
          value={points}
          onChange={setPoints}
          max={PAPER_MAX_POINTS}
        />
      ) : (
        <Text size="sm" c="dimmed">
          请先选择学段和学科
        </Text>
      )}
      <Text size="xs" c="dimmed">
        保存到题库时，没有单独选择知识点的题目归入这里的知识点（最多{PAPER_MAX_POINTS}个）。
      </Text>
      <Input.Wrapper
        label="试卷文件"
        required={!task}
        description={`png、jpg、jpeg 图片或 pdf，不超过20MB${task?.fileName ? `；当前：${task.fileName}` : ''}`}
        error={tried || file ? fileError || undefined : undefined}
      >
        <input
          type="file"
          aria-label="试卷文件"
          accept={ACCEPT}
          style={{ display: 'block', marginTop: 4 }}
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
      </Input.Wrapper>
      {file && !fileError && (
        <Text size="xs" c="dimmed">
          {file.name}（{formatFileSize(file.size)}）
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          取消
        </Button>
        <Button variant="light" onClick={() => void submit(false)} loading={busy}>
          保存
        </Button>
        <Button onClick={() => void submit(true)} loading={busy}>
          保存并识别
        </Button>
      </Group>
    </Stack>
  );
}
