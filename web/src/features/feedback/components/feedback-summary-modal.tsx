import { Alert, Badge, Button, Center, Group, Loader, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { ContentFeedback } from '@/generated/ContentFeedback';
import { formatInstant } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useFeedbackSummary, useFeedbackTags, useHandleFeedback } from '../api/feedback';
import {
  FEEDBACK_CONTENT_LIMIT,
  FEEDBACK_STATUS,
  feedbackBadge,
  type FeedbackTarget,
  tagNames,
} from '../feedback-dict';

export interface FeedbackSummaryModalProps {
  /** The target whose reports are shown (null: closed). */
  target: FeedbackTarget | null;
  onClose: () => void;
}

/**
 * 反馈汇总 (feedback/more/ai/summary): what teachers reported about a target — counts by tag, the
 * latest reports and the AI's summary when there is one; an open report on a question or a
 * handout is accepted or refused with a reply (feedback/handle), and its reporter is told.
 */
export function FeedbackSummaryModal({ target, onClose }: FeedbackSummaryModalProps) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.title ? `反馈汇总 · ${target.title}` : '反馈汇总'}
      size="lg"
    >
      {target && <SummaryBody key={`${target.type}-${target.id}`} target={target} />}
    </Modal>
  );
}

function SummaryBody({ target }: { target: FeedbackTarget }) {
  const summary = useFeedbackSummary(target);
  const tags = useFeedbackTags().data ?? [];
  if (summary.isPending)
    return (
      <Center p="md">
        <Loader size="sm" aria-label="正在加载反馈汇总" />
      </Center>
    );
  if (summary.isError)
    return (
      <Alert color="orange" title="反馈汇总加载失败">
        {summary.error.message}
      </Alert>
    );
  const { total, open, byTag, latest, aiSummary } = summary.data;
  if (total === 0) return <Text c="dimmed">还没有老师反馈过这里的问题</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm">
        共 {total} 条反馈，{open} 条待处理
      </Text>
      {byTag.length > 0 && (
        <Group gap={6} role="list" aria-label="按问题类型">
          {byTag.map((t) => (
            <Badge key={t.code} variant="light" role="listitem">
              {t.name} {t.count}
            </Badge>
          ))}
        </Group>
      )}
      {aiSummary && (
        <Alert color="violet" variant="light" title="AI 归纳" role="note">
          {aiSummary}
        </Alert>
      )}
      <Text size="sm" fw={600}>
        最近的反馈
      </Text>
      {latest.map((f) => (
        <Report key={f.feedbackId} feedback={f} tagText={tagNames(f.tags, tags)} />
      ))}
    </Stack>
  );
}

function Report({ feedback: f, tagText }: { feedback: ContentFeedback; tagText: string }) {
  const handle = useHandleFeedback();
  const [accepting, setAccepting] = useState<boolean | null>(null);
  const [reply, setReply] = useState('');
  const badge = feedbackBadge(f.status);
  const settle = (accept: boolean) =>
    handle.mutate(
      { feedbackId: f.feedbackId, accept, reply: reply.trim() },
      {
        onSuccess: () => {
          setAccepting(null);
          showSuccess(accept ? '已采纳，已通知反馈人' : '已标记为不采纳，已通知反馈人');
        },
      },
    );

  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={`${f.userName}的反馈`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {f.userName}
            </Text>
            <Text size="xs" c="dimmed">
              {formatInstant(f.createTime)}
            </Text>
            <Badge size="sm" variant="light" color={badge.color}>
              {badge.text}
            </Badge>
          </Group>
          {f.status === FEEDBACK_STATUS.open && accepting === null && (
            <Group gap="xs">
              <Button size="compact-sm" color="green" onClick={() => setAccepting(true)}>
                采纳
              </Button>
              <Button size="compact-sm" color="gray" variant="light" onClick={() => setAccepting(false)}>
                不采纳
              </Button>
            </Group>
          )}
        </Group>
        {tagText && (
          <Text size="xs" c="dimmed">
            {tagText}
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {f.content}
        </Text>
        {f.reply && (
          <Text size="sm" c="dimmed">
            回复：{f.reply}
          </Text>
        )}
        {accepting !== null && (
          <Stack gap={6}>
            <Textarea
              label="回复反馈人"
              placeholder="选填"
              autosize
              minRows={2}
              maxLength={FEEDBACK_CONTENT_LIMIT}
              value={reply}
              onChange={(e) => setReply(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setAccepting(null)}>
                取消
              </Button>
              <Button
                size="xs"
                color={accepting ? 'green' : 'gray'}
                loading={handle.isPending}
                onClick={() => settle(accepting)}
              >
                {accepting ? '确定采纳' : '确定不采纳'}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
