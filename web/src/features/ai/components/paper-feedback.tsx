import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AiPaperTask } from '@/generated/AiPaperTask';
import { showSuccess } from '@/lib/toast';
import { usePaperFeedbackTags, useSubmitPaperFeedback } from '../api/paper-tasks';
import { AiFeedback } from '../ai-dict';
import { FeedbackFields } from './feedback-fields';

const NOTE_MAX_LENGTH = 500;

/**
 * 识别效果 after a recognition: 有用 or 没用 with the pre-paper tags (ai/paper/feedback/tags) and a
 * note; once given, the verdict is shown.
 */
export function PaperFeedback({ task }: { task: AiPaperTask }) {
  const [useful, setUseful] = useState<boolean | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const tagList = usePaperFeedbackTags(useful !== null);
  const submit = useSubmitPaperFeedback();

  if (task.feedback !== AiFeedback.None) {
    const good = task.feedback === AiFeedback.Useful;
    return (
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          识别效果：
        </Text>
        <Badge color={good ? 'green' : 'red'} variant="light">
          {good ? '👍 有用' : '👎 没用'}
        </Badge>
      </Group>
    );
  }

  const choose = (value: boolean) => {
    setTags([]);
    setUseful((u) => (u === value ? null : value));
  };
  const offered = useful === null ? [] : useful ? (tagList.data?.useful ?? []) : (tagList.data?.notUseful ?? []);
  const send = () => {
    if (useful === null) return;
    const trimmed = note.trim();
    submit.mutate(
      { taskId: task.taskId, useful, tags, ...(trimmed ? { note: trimmed } : {}) },
      { onSuccess: () => showSuccess('感谢反馈') },
    );
  };

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label="识别效果">
      <Stack gap="xs">
        <Group gap="xs">
          <Text size="sm">识别效果如何？</Text>
          <Button
            size="compact-xs"
            variant={useful === true ? 'filled' : 'light'}
            color="green"
            aria-pressed={useful === true}
            onClick={() => choose(true)}
          >
            👍 有用
          </Button>
          <Button
            size="compact-xs"
            variant={useful === false ? 'filled' : 'light'}
            color="red"
            aria-pressed={useful === false}
            onClick={() => choose(false)}
          >
            👎 没用
          </Button>
        </Group>
        {useful !== null && (
          <>
            <FeedbackFields
              offered={offered}
              tags={tags}
              onTagsChange={setTags}
              note={note}
              onNoteChange={setNote}
              noteMaxLength={NOTE_MAX_LENGTH}
            />
            <Group justify="flex-end">
              <Button size="xs" onClick={send} loading={submit.isPending}>
                提交评价
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
