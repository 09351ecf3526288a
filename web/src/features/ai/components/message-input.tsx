import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { MESSAGE_MAX_LENGTH } from '../ai-dict';

export interface MessageInputProps {
  /** Sends the text; resolves true when it was accepted (the input then clears). */
  onSend: (text: string) => Promise<boolean>;
  /** A reply is being generated, or a message is on its way: nothing can be sent. */
  disabled?: boolean;
  /** Text put in by the page (an example prompt), replacing what was typed. */
  value?: string;
  onValueChange?: (text: string) => void;
  /** Beside the send button (the model selector). */
  extra?: ReactNode;
  placeholder?: string;
}

/** The message box: Enter sends, Shift+Enter starts a new line; up to 4000 characters. */
export function MessageInput({ onSend, disabled, value, onValueChange, extra, placeholder }: MessageInputProps) {
  const [own, setOwn] = useState('');
  const text = value ?? own;
  const setText = (t: string) => (onValueChange ? onValueChange(t) : setOwn(t));
  const trimmed = text.trim();
  const canSend = !disabled && trimmed.length > 0 && text.length <= MESSAGE_MAX_LENGTH;

  const send = async () => {
    if (!canSend) return;
    if (await onSend(trimmed)) setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <Stack gap={4}>
      <Textarea
        aria-label="输入消息"
        placeholder={placeholder ?? '输入你的问题，Enter 发送，Shift+Enter 换行'}
        autosize
        minRows={2}
        maxRows={8}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        error={text.length > MESSAGE_MAX_LENGTH ? `最多 ${MESSAGE_MAX_LENGTH} 个字` : undefined}
      />
      <Group justify="space-between">
        <Group gap="xs">
          {extra}
          <Text size="xs" c="dimmed">
            {text.length}/{MESSAGE_MAX_LENGTH}
          </Text>
        </Group>
        <Button size="xs" onClick={() => void send()} disabled={!canSend}>
          发送
        </Button>
      </Group>
    </Stack>
  );
}
