import { ActionIcon, Button, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import type { AiMessage } from '@/generated/AiMessage';
import { showSuccess } from '@/lib/toast';
import { useFeedbackTags, useSubmitFeedback } from '../api/feedback';
import { AiFeedback } from '../ai-dict';
import { FeedbackFields } from './feedback-fields';

/** 👍/👎 on a finished reply: the verdict with tags picked in a popover (and a note). */
export function FeedbackButtons({ reply }: { reply: AiMessage }) {
  const [open, setOpen] = useState<boolean | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const tagList = useFeedbackTags(open !== null);
  const submit = useSubmitFeedback(reply.conversationId);
  const given = reply.feedback;

  const openFor = (useful: boolean) => {
    setTags([]);
    setNote('');
    setOpen((o) => (o === useful ? null : useful));
  };
  const onSubmit = () => {
    if (open === null) return;
    submit.mutate(
      { messageId: reply.messageId, useful: open, tags, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          setOpen(null);
          showSuccess('感谢反馈');
        },
      },
    );
  };
  const offered = open === null ? [] : open ? (tagList.data?.useful ?? []) : (tagList.data?.notUseful ?? []);

  const button = (useful: boolean) => {
    const chosen = given === (useful ? AiFeedback.Useful : AiFeedback.NotUseful);
    const label = useful ? '有用' : '没用';
    return (
      <Tooltip label={label} withinPortal={false}>
        <ActionIcon
          variant={chosen ? 'light' : 'subtle'}
          color={chosen ? (useful ? 'green' : 'red') : 'gray'}
          size="sm"
          aria-label={label}
          aria-pressed={chosen}
          disabled={given !== AiFeedback.None}
          onClick={() => openFor(useful)}
        >
          {useful ? '👍' : '👎'}
        </ActionIcon>
      </Tooltip>
    );
  };

  return (
    <Popover opened={open !== null} onChange={(o) => !o && setOpen(null)} withinPortal={false} position="top-start">
      <Popover.Target>
        <Group gap={2}>
          {button(true)}
          {button(false)}
        </Group>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={280} role="dialog" aria-label="反馈">
          <Text size="sm" fw={500}>
            {open ? '哪里有帮助？' : '哪里需要改进？'}
          </Text>
          <FeedbackFields offered={offered} tags={tags} onTagsChange={setTags} note={note} onNoteChange={setNote} />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpen(null)}>
              取消
            </Button>
            <Button size="xs" onClick={onSubmit} loading={submit.isPending}>
              提交
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
