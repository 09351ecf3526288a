import { Alert, Button, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { useState } from 'react';
import type { QuestionView } from '@/generated/QuestionView';
import { showSuccess } from '@/lib/toast';
import { tagOperation, useBatchTags, useTags } from '../api/tags';

/** The longest tag (api/src/handlers/question.rs MAX_TAG_CHARS). */
export const TAG_LIMIT = 20;

export interface TagModalProps {
  /** The question whose tags are edited (null: closed). */
  question: QuestionView | null;
  onClose: () => void;
}

/** 标签: my tags on a question; my other tags are offered as I type. */
export function TagModal({ question, onClose }: TagModalProps) {
  return (
    <Modal opened={question !== null} onClose={onClose} title="编辑标签" centered>
      {question && <TagForm key={question.questionId} question={question} onClose={onClose} />}
    </Modal>
  );
}

function TagForm({ question, onClose }: { question: QuestionView; onClose: () => void }) {
  const mine = useTags();
  const batch = useBatchTags();
  const before = question.customBlockData.customTags;
  const [tags, setTags] = useState<string[]>(before);
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    const cleaned = [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
    if (cleaned.some((t) => t.length > TAG_LIMIT)) {
      setError(`每个标签不能超过${TAG_LIMIT}个字`);
      return;
    }
    const operation = tagOperation(question.questionId, before, cleaned);
    if (!operation) {
      onClose();
      return;
    }
    setError(null);
    batch.mutate([operation], {
      onSuccess: () => {
        showSuccess('标签已保存');
        onClose();
      },
      onError: (e) => setError(e.message),
    });
  };

  return (
    <Stack>
      <TagsInput
        label="标签"
        description="输入后按回车添加；标签只有自己可见"
        placeholder="例如：易错题"
        data={(mine.data?.tagList ?? []).map((t) => t.tag)}
        value={tags}
        onChange={setTags}
        clearable
        data-autofocus
      />
      {mine.data && mine.data.tagList.length > 0 && (
        <Text size="xs" c="dimmed">
          我的标签：{mine.data.tagList.map((t) => t.tag).join('、')}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          取消
        </Button>
        <Button onClick={save} loading={batch.isPending}>
          保存
        </Button>
      </Group>
    </Stack>
  );
}
