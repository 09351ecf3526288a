import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MathText } from '@/components/math-text';
import { useSession } from '@/lib/session';
import { defaultModelOf, useModelConfig } from '../api/model-config';
import { useSendMessage } from '../api/messages';
import { EXAMPLE_PROMPTS } from '../ai-dict';
import { chatPathOf } from '../ai-paths';
import { MessageInput } from './message-input';
import { ModelSelect } from './model-select';
import { NotConfigured } from './not-configured';
import { PaperTaskButton } from './paper-task-panel';
import { AllocationButton } from './question-allocation';
import { UsageCard } from './usage-card';

/**
 * 欢迎页 (/aiAssistant/welcomePage): a greeting, example prompts, the model (the default
 * preselected) and the input; sending starts a conversation and opens it. Without a provider, the
 * hint how to configure one instead of the input. The tools beside the chat: AI 识卷 (a paper's
 * photo or PDF recognised into questions for my bank) and 题量分配. Below, the usage of the last
 * 30 days.
 */
export function WelcomePage({ title }: { title: string }) {
  const userName = useSession((s) => s.user?.userName ?? '');
  const config = useModelConfig();
  const send = useSendMessage();
  const navigate = useNavigate();
  const [model, setModel] = useState<string | null>(null);
  const [text, setText] = useState('');
  const models = config.data?.models ?? [];
  const selected = model ?? defaultModelOf(models);

  const onSend = async (content: string) => {
    try {
      const sent = await send.mutateAsync({ content, ...(selected ? { model: selected } : {}) });
      void navigate(chatPathOf(sent.conversation.conversationId));
      return true;
    } catch {
      return false;
    }
  };

  return (
    <Stack p="md" gap="lg" maw={880} mx="auto">
      <VisuallyHidden>
        <Title order={4}>{title}</Title>
      </VisuallyHidden>
      <Stack gap={4} ta="center" mt="lg">
        <Title order={2}>{userName ? `${userName}老师，你好！` : '你好！'}</Title>
        <Text c="dimmed">我是你的 AI 教学助手，可以帮你备课、出题、讲解知识点、整理沟通话术。</Text>
      </Stack>
      <Group justify="center" gap="sm" role="toolbar" aria-label="AI 工具">
        <PaperTaskButton variant="light" size="sm" />
        <AllocationButton variant="light" size="sm" />
      </Group>
      {config.isPending && (
        <Text size="sm" c="dimmed" ta="center">
          加载中…
        </Text>
      )}
      {config.data && !config.data.configured && <NotConfigured hint={config.data.hint} />}
      {config.data?.configured && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="list" aria-label="示例问题">
            {EXAMPLE_PROMPTS.map((p) => (
              <div key={p} role="listitem">
                <Paper
                  withBorder
                  p="sm"
                  radius="md"
                  component="button"
                  type="button"
                  aria-label={p}
                  w="100%"
                  h="100%"
                  style={{ cursor: 'pointer', textAlign: 'left' }}
                  onClick={() => setText(p)}
                >
                  <MathText text={p} fz="sm" />
                </Paper>
              </div>
            ))}
          </SimpleGrid>
          <Paper withBorder p="sm" radius="md">
            <MessageInput
              value={text}
              onValueChange={setText}
              onSend={onSend}
              disabled={send.isPending}
              extra={<ModelSelect models={models} value={selected} onChange={setModel} />}
            />
          </Paper>
          {send.error && (
            <Alert color="red" role="alert" variant="light">
              {send.error.message}
            </Alert>
          )}
          <Group justify="center">
            <Button variant="subtle" size="xs" onClick={() => void navigate(chatPathOf(null))}>
              查看历史对话
            </Button>
          </Group>
        </>
      )}
      <UsageCard />
    </Stack>
  );
}
