import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { useTreeChoices } from '@/features/atlas/api/trees';
import type { TextbookChapters } from '@/generated/TextbookChapters';

export interface InitChaptersModalProps {
  opened: boolean;
  /** The textbook's subject and stage: the trees offered. */
  subject: number;
  stage: number;
  /** Makes the chapters from the tree; a rejection keeps the dialog open with the server's message. */
  onSubmit: (treeId: number) => Promise<TextbookChapters>;
  onClose: () => void;
}

/** 从知识图谱初始化: the chapters and sections of an empty textbook from a tree's top two levels. */
export function InitChaptersModal({ opened, onClose, ...form }: InitChaptersModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="从知识图谱初始化" centered>
      {opened && <InitForm {...form} onClose={onClose} />}
    </Modal>
  );
}

function InitForm({ subject, stage, onSubmit, onClose }: Omit<InitChaptersModalProps, 'opened'>) {
  const choices = useTreeChoices(subject, stage);
  const [picked, setPicked] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const trees = choices.data ?? [];

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!picked) {
      setFailure('请选择知识图谱');
      return;
    }
    setFailure(null);
    setBusy(true);
    onSubmit(Number(picked))
      .then(onClose)
      .catch((err: unknown) => setFailure(err instanceof Error ? err.message : '初始化失败'))
      .finally(() => setBusy(false));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          以所选图谱的一级知识点为章、二级知识点为小节生成目录，并绑定对应知识点。
        </Text>
        <Select
          label="知识图谱"
          data={trees.map((t) => ({ value: String(t.treeId), label: `${t.name}（${t.nodeCount} 个知识点）` }))}
          value={picked}
          onChange={setPicked}
          placeholder={choices.isPending ? '加载中…' : trees.length === 0 ? '暂无可用图谱' : '选择图谱'}
          allowDeselect={false}
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
          <Button type="submit" loading={busy}>
            初始化
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
