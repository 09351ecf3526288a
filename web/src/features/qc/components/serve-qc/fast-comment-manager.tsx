import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { showSuccess } from '@/lib/toast';
import { useAddFastComment, useDeleteFastComments, useFastComments } from '../../api/fast-comments';

/** The longest quick comment the server keeps. */
const FAST_COMMENT_MAX_CHARS = 200;

export interface FastCommentManagerProps {
  opened: boolean;
  onClose: () => void;
}

/** 管理快捷评语: the inspector's quick comments, a new one added, the ticked ones deleted. */
export function FastCommentManager({ opened, onClose }: FastCommentManagerProps) {
  const comments = useFastComments().data ?? [];
  const add = useAddFastComment();
  const remove = useDeleteFastComments();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ticked, setTicked] = useState<number[]>([]);

  const submit = () => {
    const content = text.trim();
    const problem = !content
      ? '请输入评语内容'
      : content.length > FAST_COMMENT_MAX_CHARS
        ? `快捷评语不能超过${FAST_COMMENT_MAX_CHARS}字`
        : null;
    setError(problem);
    if (!problem) add.mutate(content, { onSuccess: () => setText('') });
  };
  const removeTicked = () =>
    remove.mutate(ticked, {
      onSuccess: ({ changed }) => {
        showSuccess(`已删除${changed}条快捷评语`);
        setTicked([]);
      },
    });

  return (
    <Modal opened={opened} onClose={onClose} title="管理快捷评语" centered>
      <Stack gap="sm">
        <Group align="flex-start" wrap="nowrap">
          <TextInput
            flex={1}
            size="xs"
            aria-label="新的快捷评语"
            placeholder="输入常用评语"
            value={text}
            error={error}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') submit();
            }}
          />
          <Button size="xs" onClick={submit} loading={add.isPending}>
            添加
          </Button>
        </Group>
        {comments.length === 0 ? (
          <Text size="sm" c="dimmed">
            暂无快捷评语
          </Text>
        ) : (
          <ScrollArea.Autosize mah={300}>
            <Checkbox.Group value={ticked.map(String)} onChange={(v) => setTicked(v.map(Number))} aria-label="快捷评语">
              <Stack gap={6}>
                {comments.map((c) => (
                  <Checkbox key={c.id} size="xs" value={String(c.id)} label={c.content} />
                ))}
              </Stack>
            </Checkbox.Group>
          </ScrollArea.Autosize>
        )}
        <Group justify="space-between">
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={ticked.length === 0}
            loading={remove.isPending}
            onClick={removeTicked}
          >
            删除所选
          </Button>
          <Button size="xs" variant="default" onClick={onClose}>
            完成
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
