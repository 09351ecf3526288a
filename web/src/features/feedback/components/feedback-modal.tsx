import { Alert, Button, Chip, Group, Input, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { showSuccess } from '@/lib/toast';
import { useCommonData, useFeedbackTags, useSubmitFeedback } from '../api/feedback';
import {
  FEEDBACK_CONTENT_LIMIT,
  FEEDBACK_SUBMITTED_TEXT,
  FEEDBACK_TAG_LIMIT,
  type FeedbackTarget,
  TARGET_NAMES,
} from '../feedback-dict';

export interface FeedbackModalProps {
  /** What is reported (null: closed). */
  target: FeedbackTarget | null;
  onClose: () => void;
}

/**
 * 反馈 (feedback/submit): what is wrong with a question, a handout or a file — tags (queryTagList)
 * and words — with the target's title and how many reports it has (queryCommonData). The library's
 * editors are told; the reporter hears back when one settles it.
 */
export function FeedbackModal({ target, onClose }: FeedbackModalProps) {
  const kind = target ? (TARGET_NAMES[target.type] ?? '内容') : '';
  return (
    <Modal opened={target !== null} onClose={onClose} title={`反馈${kind}问题`} size="lg">
      {target && <FeedbackForm key={`${target.type}-${target.id}`} target={target} onClose={onClose} />}
    </Modal>
  );
}

function FeedbackForm({ target, onClose }: { target: FeedbackTarget; onClose: () => void }) {
  const common = useCommonData(target);
  const tags = useFeedbackTags();
  const submit = useSubmitFeedback();
  const [chosen, setChosen] = useState<string[]>([]);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const max = common.data?.maxLength ?? FEEDBACK_CONTENT_LIMIT;
  const title = common.data?.targetTitle ?? target.title;

  const send = (e: SyntheticEvent) => {
    e.preventDefault();
    const text = content.trim();
    if (!text) {
      setError('请描述问题');
      return;
    }
    setError(null);
    setFailure(null);
    submit.mutate(
      { targetType: target.type, targetId: target.id, tags: chosen, content: text },
      {
        onSuccess: () => {
          showSuccess(FEEDBACK_SUBMITTED_TEXT);
          onClose();
        },
        onError: (err) => setFailure(err.message),
      },
    );
  };

  if (common.isError)
    return (
      <Alert color="orange" title="无法反馈">
        {common.error.message}
      </Alert>
    );

  return (
    <form onSubmit={send} noValidate>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" role="group" aria-label="反馈对象">
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {TARGET_NAMES[target.type] ?? '内容'}：
          </Text>
          {title ? (
            <Text size="sm" fw={500} lineClamp={2}>
              {title}
            </Text>
          ) : (
            <Loader size="xs" aria-label="正在读取反馈对象" />
          )}
        </Group>
        {common.data && common.data.totalCount > 0 && (
          <Text size="xs" c="dimmed">
            已有 {common.data.totalCount} 条反馈
            {common.data.myOpenCount > 0 ? `，其中你的 ${common.data.myOpenCount} 条待处理` : ''}
          </Text>
        )}
        <Input.Wrapper label="问题类型" description={`可多选，最多 ${FEEDBACK_TAG_LIMIT} 项`}>
          <Chip.Group multiple value={chosen} onChange={setChosen}>
            <Group gap="xs" mt={6} role="group" aria-label="问题类型">
              {(tags.data ?? []).map((t) => (
                <Chip
                  key={t.code}
                  value={t.code}
                  size="sm"
                  disabled={!chosen.includes(t.code) && chosen.length >= FEEDBACK_TAG_LIMIT}
                >
                  {t.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        <Textarea
          label="问题描述"
          placeholder="请具体说明哪里有误，便于研发员尽快修正"
          autosize
          minRows={3}
          maxLength={max}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          description={`${Array.from(content).length}/${max}`}
          error={error}
          data-autofocus
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" loading={submit.isPending}>
            提交
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
