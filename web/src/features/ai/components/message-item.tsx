import { Alert, Badge, Box, Button, Group, Loader, Paper, Text } from '@mantine/core';
import type { AiMessage } from '@/generated/AiMessage';
import { AiStatus } from '../ai-dict';
import { FeedbackButtons } from './feedback-buttons';
import { ReplyText } from './reply-text';

export interface MessageItemProps {
  message: AiMessage;
  /** Stops the reply being generated (停止生成). */
  onInterrupt?: (reply: AiMessage) => void;
  interrupting?: boolean;
  /** Sends the question of a failed reply again (重新发送); absent when it cannot be. */
  onResend?: () => void;
}

/** A user's bubble, or an assistant's reply with its state (generating, 已停止, failed) and feedback. */
export function MessageItem({ message, onInterrupt, interrupting, onResend }: MessageItemProps) {
  if (message.role === 'user') {
    return (
      <Group justify="flex-end" role="article" aria-label="我的消息">
        <Paper bg="blue.0" px="sm" py={6} radius="md" maw="75%">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.content}
          </Text>
        </Paper>
      </Group>
    );
  }
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
