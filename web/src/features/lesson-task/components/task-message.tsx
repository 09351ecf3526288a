import { Alert, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { TaskTextCheck } from '@/generated/TaskTextCheck';
import { showSuccess } from '@/lib/toast';
import { useCheckTextContent, useUpdateTextContent } from '../api/tasks';
import { TASK_LIMITS } from '../task-dict';

export interface MessageFieldProps {
  value: string;
  onChange: (text: string) => void;
  /** The task the message is checked against (task/checkTextContent); 0: none set yet. */
  taskId: number;
}

/**
 * The message to students and families with 检查: the server's check (no phone numbers, links,
 * WeChat/QQ; at most 1000 characters) says what is wrong. The check needs a task; before the first
 * one is set, the message is checked when the task is submitted.
 */
export function MessageField({ value, onChange, taskId }: MessageFieldProps) {
  const check = useCheckTextContent();
  const [verdict, setVerdict] = useState<{ text: string; result: TaskTextCheck } | null>(null);
  const shown = verdict?.text === value ? verdict.result : null;
  return (
    <Stack gap={6}>
      <Textarea
        label="留言"
        description={`给学生和家长的话，不能包含手机号、网址、微信或QQ；${value.length}/${TASK_LIMITS.text}`}
        autosize
        minRows={2}
        maxLength={TASK_LIMITS.text}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          disabled={taskId <= 0 || value.trim() === ''}
          loading={check.isPending}
          onClick={() =>
            check.mutate({ taskId, textContent: value }, { onSuccess: (result) => setVerdict({ text: value, result }) })
          }
        >
          检查
        </Button>
        {taskId <= 0 && (
          <Text size="xs" c="dimmed">
            首次布置时，留言在提交时检查。
          </Text>
        )}
      </Group>
      {shown &&
        (shown.pass ? (
          <Alert color="green" variant="light" p="xs" role="status">
            留言检查通过
          </Alert>
        ) : (
          <Alert color="red" variant="light" p="xs" title="留言需要修改" role="alert">
            <List size="sm">
              {shown.problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        ))}
    </Stack>
  );
}

/** A set task's message, changed in place (修改留言: checked, then saved by task/updateTextContent). */
export function TaskMessage({ taskId, text }: { taskId: number; text: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const update = useUpdateTextContent();
  if (draft === null) {
    return (
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
          留言：
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} aria-label="留言">
          {text || '-'}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => setDraft(text)}>
          修改留言
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap={6}>
      <MessageField value={draft} onChange={setDraft} taskId={taskId} />
      <Group gap="xs" justify="flex-end">
        <Button size="compact-sm" variant="default" onClick={() => setDraft(null)}>
          取消
        </Button>
        <Button
          size="compact-sm"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { taskId, textContent: draft },
              {
                onSuccess: () => {
                  setDraft(null);
                  showSuccess('留言已保存');
                },
              },
            )
          }
        >
          保存留言
        </Button>
      </Group>
    </Stack>
  );
}
