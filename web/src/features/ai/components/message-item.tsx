import { Alert, Badge, Box, Button, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { AiMessage } from '@/generated/AiMessage';
import { AiStatus, MESSAGE_MAX_LENGTH } from '../ai-dict';
import { FeedbackButtons } from './feedback-buttons';
import { ReplyText } from './reply-text';

export interface MessageItemProps {
  message: AiMessage;
  /** Stops the reply being generated (停止生成). */
  onInterrupt?: (reply: AiMessage) => void;
  interrupting?: boolean;
  /** Sends the question of a failed reply again (重新发送); absent when it cannot be. */
  onResend?: () => void;
  /**
   * Changes my message and asks again (编辑, reedit); resolves true when the server took it.
   * Absent when it cannot be (a reply is being generated).
   */
  onEdit?: (content: string) => Promise<boolean>;
}

/** 编辑 on my message: its text in a box, 发送 asks again from it (the later turns go), 取消 keeps it. */
interface EditBoxProps {
  message: AiMessage;
  /** Absent while nothing can be sent (a reply is being generated, or this edit is on its way). */
  onEdit: ((content: string) => Promise<boolean>) | undefined;
  onDone: () => void;
}

function EditBox({ message, onEdit, onDone }: EditBoxProps) {
  const [text, setText] = useState(message.content);
  const [busy, setBusy] = useState(false);
  const trimmed = text.trim();
  const valid = trimmed.length > 0 && text.length <= MESSAGE_MAX_LENGTH && trimmed !== message.content;
  const canSend = !busy && onEdit !== undefined && valid;
  const send = async () => {
    if (busy || !onEdit || !valid) return;
    setBusy(true);
    const ok = await onEdit(trimmed);
    setBusy(false);
    if (ok) onDone();
  };
  return (
    <Stack gap={4} w="75%" role="form" aria-label="编辑消息">
      <Textarea
        aria-label="修改消息"
        autosize
        minRows={2}
        maxRows={8}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={text.length > MESSAGE_MAX_LENGTH ? `最多 ${MESSAGE_MAX_LENGTH} 个字` : undefined}
        data-autofocus
      />
      <Text size="xs" c="dimmed">
        重新发送后，这条消息之后的对话将被删除，AI 会重新回答。
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button size="compact-xs" variant="default" onClick={onDone} disabled={busy}>
          取消
        </Button>
        <Button size="compact-xs" onClick={() => void send()} disabled={!canSend} loading={busy}>
          重新发送
        </Button>
      </Group>
    </Stack>
  );
}

/** My message: the bubble, with 编辑 when it can be changed. */
function UserMessage({ message, onEdit }: Pick<MessageItemProps, 'message' | 'onEdit'>) {
  const [editing, setEditing] = useState(false);
  return (
    <Stack align="flex-end" gap={2} role="article" aria-label="我的消息">
      {editing ? (
        <EditBox message={message} onEdit={onEdit} onDone={() => setEditing(false)} />
      ) : (
        <>
          <Paper bg="blue.0" px="sm" py={6} radius="md" maw="75%">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.content}
            </Text>
          </Paper>
          {onEdit && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setEditing(true)}>
              编辑
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}

/** A user's bubble (with 编辑), or an assistant's reply with its state (generating, 已停止, failed) and feedback. */
export function MessageItem({ message, onInterrupt, interrupting, onResend, onEdit }: MessageItemProps) {
  if (message.role === 'user') return <UserMessage message={message} onEdit={onEdit} />;
  const { status } = message;
  const generating = status === AiStatus.Generating;
  return (
    <Box role="article" aria-label="AI 回复" aria-busy={generating} maw="85%">
      <Paper withBorder px="sm" py={6} radius="md">
        {message.content ? (
          <Box data-testid="reply-text">
            <ReplyText text={message.content} />
          </Box>
        ) : generating ? (
          <Group gap="xs">
            <Loader size="xs" type="dots" />
            <Text size="sm" c="dimmed">
              正在思考…
            </Text>
          </Group>
        ) : null}
        {status === AiStatus.Failed && (
          <Alert color="red" variant="light" p="xs" mt={message.content ? 'xs' : 0} title="回复失败">
            <Text size="sm">{message.error || '生成失败，请稍后重试'}</Text>
          </Alert>
        )}
      </Paper>
      <Group gap="xs" mt={4}>
        {generating && onInterrupt && (
          <Button size="compact-xs" variant="default" loading={interrupting} onClick={() => onInterrupt(message)}>
            停止生成
          </Button>
        )}
        {status === AiStatus.Interrupted && (
          <Badge size="sm" color="gray" variant="light">
            已停止
          </Badge>
        )}
        {status === AiStatus.Failed && onResend && (
          <Button size="compact-xs" variant="light" onClick={onResend}>
            重新发送
          </Button>
        )}
        {(status === AiStatus.Complete || status === AiStatus.Interrupted) && <FeedbackButtons reply={message} />}
        {message.model && !generating && (
          <Text size="xs" c="dimmed">
            {message.model}
          </Text>
        )}
      </Group>
    </Box>
  );
}
