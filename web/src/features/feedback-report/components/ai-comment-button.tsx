import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Timing } from '@/generated/codes';
import { type FeedbackRequestContext, useFeedbackConfig, useGenerateAiComment } from '../api/feedback-report';

export const AI_NOT_CONFIGURED_TEXT = 'AI 服务未配置';
export const AI_GENERATED_TEXT = 'AI 评语已生成';

export interface AiCommentButtonProps extends FeedbackRequestContext {
  reportId: number;
}

/**
 * AI 生成评语 beside the AI teacher comment (03 §7.4, for editors): the server writes the comment
 * into the co-edited section, which updates live. Disabled with a hint while no AI provider is
 * configured.
 */
export function AiCommentButton({ reportId, fromWorkChat }: AiCommentButtonProps) {
  const config = useFeedbackConfig();
  const generate = useGenerateAiComment(reportId, { fromWorkChat });
  // An unread configuration leaves the button on: the server answers for itself.
  const notConfigured = config.isSuccess && !config.data.aiConfigured;

  // A failure: the API client has shown the server's message.
  const run = () =>
    generate.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', message: AI_GENERATED_TEXT, autoClose: Timing.TOAST_MS }),
    });

  return (
    <Group gap="xs" wrap="nowrap">
      {notConfigured && (
        <Text size="xs" c="dimmed" id={`ai-hint-${reportId}`}>
          {AI_NOT_CONFIGURED_TEXT}
        </Text>
      )}
      <Button
        size="xs"
        variant="light"
        loading={generate.isPending}
        disabled={notConfigured || config.isPending}
        aria-describedby={notConfigured ? `ai-hint-${reportId}` : undefined}
        onClick={run}
      >
        AI 生成评语
      </Button>
    </Group>
  );
}
