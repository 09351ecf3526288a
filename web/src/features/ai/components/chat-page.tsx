import { Alert, Box, Button, Grid, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AiMessage } from '@/generated/AiMessage';
import type { RealtimeClient } from '@/lib/realtime';
import { useSwitchConversation } from '../api/conversations';
import { messagesOf, useHistory, useInterruptReply, useReeditMessage, useSendMessage } from '../api/messages';
import { defaultModelOf, useModelConfig } from '../api/model-config';
import { useAiLive } from '../api/use-ai-live';
import { AiStatus } from '../ai-dict';
import { CONVERSATION_PARAM, conversationIdOf } from '../ai-paths';
import { ConversationList } from './conversation-list';
import { LibraryQueryButton } from './library-query';
import { MessageInput } from './message-input';
import { MessageItem } from './message-item';
import { ModelSelect } from './model-select';
import { NotConfigured } from './not-configured';
import { PaperTaskButton } from './paper-task-panel';
import { AllocationButton } from './question-allocation';

export interface ChatPageProps {
  title: string;
  /** The push client (a fake one in tests). */
  realtime?: RealtimeClient;
}

/** The question each failed reply answers (the user's message before it). */
function questionsOf(messages: readonly AiMessage[]): Map<number, string> {
  const questions = new Map<number, string>();
  let question: string | null = null;
  for (const m of messages) {
    if (m.role === 'user') question = m.content;
    else if (question !== null) questions.set(m.messageId, question);
  }
  return questions;
}

/**
 * Keeps the messages scrolled to the newest while it grows; when older ones are read above, keeps
 * in view what was in view.
 */
function useFollowNewest(messages: readonly AiMessage[]) {
  const viewport = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1);
  const mark = newest ? `${newest.messageId}:${newest.content.length}:${newest.status}` : '';
  const oldest = messages[0]?.messageId ?? null;
  const seen = useRef({ mark: '', oldest: null as number | null, height: 0 });
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const before = seen.current;
    if (mark !== before.mark) el.scrollTop = el.scrollHeight;
    else if (oldest !== before.oldest) el.scrollTop += el.scrollHeight - before.height;
    seen.current = { mark, oldest, height: el.scrollHeight };
  }, [mark, oldest]);
  return viewport;
}

/**
 * 对话页 (/aiAssistant/chatPage?conversationId=): the conversations on the left; on the right the
 * open one's messages (older ones read upward), the reply being generated as its pushes bring it
 * with 停止生成, failed replies with 重新发送, stopped ones marked 已停止, feedback on finished
 * ones, 编辑 on my messages (changed and asked again: the later turns go, a new reply streams),
 * and the input (disabled while a reply is generated) with 题库引用 (a found question quoted into
 * it). Above, 题量分配 and AI 识卷. Opening a conversation marks its replies read.
 */
export function ChatPage({ title, realtime }: ChatPageProps) {
  useAiLive(realtime);
  const [params, setParams] = useSearchParams();
  const conversationId = conversationIdOf(params);
  const config = useModelConfig();
  const history = useHistory(conversationId);
  const messages = messagesOf(history.data);
  const questions = questionsOf(messages);
  const generating = messages.find((m) => m.role === 'assistant' && m.status === AiStatus.Generating) ?? null;
  const send = useSendMessage();
  const reedit = useReeditMessage();
  const [text, setText] = useState('');
  const interrupt = useInterruptReply();
  const { mutate: markRead } = useSwitchConversation();
  const [model, setModel] = useState<string | null>(null);
  const viewport = useFollowNewest(messages);

  const open = (id: number | null) => {
    send.reset();
    reedit.reset();
    setParams(id === null ? {} : { [CONVERSATION_PARAM]: String(id) });
  };

  // Opening a conversation marks its replies read; so does a reply ending while it is open.
  useEffect(() => {
    if (conversationId !== null) markRead(conversationId);
  }, [conversationId, markRead]);
  const generatingId = generating?.messageId ?? null;
  const wasGenerating = useRef<number | null>(null);
  useEffect(() => {
    if (wasGenerating.current !== null && generatingId === null && conversationId !== null) markRead(conversationId);
    wasGenerating.current = generatingId;
  }, [conversationId, generatingId, markRead]);

  const models = config.data?.models ?? [];
  const lastModel = [...messages].reverse().find((m) => m.role === 'assistant')?.model;
  const selected =
    model ?? (lastModel && models.some((m) => m.code === lastModel) ? lastModel : defaultModelOf(models));

  const busy = generating !== null || send.isPending || reedit.isPending;
  const failure = send.error ?? reedit.error;

  const sendText = async (content: string) => {
    reedit.reset();
    try {
      const sent = await send.mutateAsync({
        content,
        ...(conversationId !== null ? { conversationId } : {}),
        ...(selected ? { model: selected } : {}),
      });
      if (conversationId === null) setParams({ [CONVERSATION_PARAM]: String(sent.conversation.conversationId) });
      return true;
    } catch {
      return false;
    }
  };

  const reeditText = async (messageId: number, content: string) => {
    send.reset();
    try {
      await reedit.mutateAsync({ messageId, content, ...(selected ? { model: selected } : {}) });
      return true;
    } catch {
      return false;
    }
  };

  const quote = (q: string) => setText((t) => (t.trim() ? `${t.replace(/\s+$/, '')}\n${q}` : q));

  return (
    <Grid p="md" gutter="md" style={{ height: 'calc(100vh - 110px)' }} styles={{ inner: { height: '100%' } }}>
      <Grid.Col span={{ base: 12, md: 3 }} h="100%">
        <Paper withBorder p="sm" radius="md" h="100%">
          <ConversationList
            current={conversationId}
            onOpen={open}
            onNew={() => open(null)}
            onDeletedCurrent={() => open(null)}
          />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }} h="100%">
        <Paper withBorder p="sm" radius="md" h="100%">
          <Stack h="100%" gap="sm">
            <Group justify="space-between">
              <Title order={5}>{title}</Title>
              <Group gap="xs">
                <AllocationButton />
                <PaperTaskButton realtime={realtime} />
              </Group>
            </Group>
            <ScrollArea style={{ flex: 1 }} viewportRef={viewport}>
              <Stack gap="md" role="log" aria-label="消息" pr="sm">
                {history.hasNextPage && (
                  <Button
                    variant="subtle"
                    size="xs"
                    loading={history.isFetchingNextPage}
                    onClick={() => void history.fetchNextPage()}
                  >
                    加载更早的消息
                  </Button>
                )}
                {conversationId === null && (
                  <Text c="dimmed" ta="center" mt="xl">
                    开始新的对话：在下方输入你的问题。
                  </Text>
                )}
                {conversationId !== null && history.isPending && (
                  <Text size="sm" c="dimmed">
                    加载中…
                  </Text>
                )}
                {messages.map((m) => {
                  const question = questions.get(m.messageId);
                  return (
                    <MessageItem
                      key={m.messageId}
                      message={m}
                      onInterrupt={(reply) => interrupt.mutate(reply.messageId)}
                      interrupting={interrupt.isPending}
                      onResend={question !== undefined && !busy ? () => void sendText(question) : undefined}
                      onEdit={
                        m.role === 'user' && !busy && config.data?.configured
                          ? (content) => reeditText(m.messageId, content)
                          : undefined
                      }
                    />
                  );
                })}
              </Stack>
            </ScrollArea>
            <Box>
              {failure && (
                <Alert color="red" role="alert" variant="light" mb="xs">
                  {failure.message}
                </Alert>
              )}
              {config.data && !config.data.configured ? (
                <NotConfigured hint={config.data.hint} />
              ) : (
                <MessageInput
                  value={text}
                  onValueChange={setText}
                  onSend={sendText}
                  disabled={busy || !config.data}
                  placeholder={generating ? '正在生成回复…' : undefined}
                  extra={
                    <>
                      <ModelSelect models={models} value={selected} onChange={setModel} disabled={!!generating} />
                      <LibraryQueryButton onQuote={quote} disabled={!config.data} />
                    </>
                  }
                />
              )}
            </Box>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
