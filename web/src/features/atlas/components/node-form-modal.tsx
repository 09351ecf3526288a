import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { ATLAS_LIMITS } from '../atlas-dict';

export interface NodeFormModalProps {
  /** The dialog's title (null: closed), e.g. 添加子知识点 or 重命名. */
  title: string | null;
  initialName?: string;
  initialSummary?: string;
  /** Saves; a rejection keeps the dialog open with the server's message. */
  onSubmit: (name: string, summary: string) => Promise<unknown>;
  onClose: () => void;
}

/** A knowledge point's name and summary (添加, 重命名). */
export function NodeFormModal({ title, onClose, ...form }: NodeFormModalProps) {
  return (
    <Modal opened={title !== null} onClose={onClose} title={title ?? ''} centered>
      {title !== null && <NodeForm {...form} onClose={onClose} />}
    </Modal>
  );
}

function NodeForm({ initialName = '', initialSummary = '', onSubmit, onClose }: Omit<NodeFormModalProps, 'title'>) {
  const [name, setName] = useState(initialName);
  const [summary, setSummary] = useState(initialSummary);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const value = name.trim();
    if (!value) {
      setError('请输入知识点名称');
      return;
    }
    setError(null);
    setBusy(true);
    onSubmit(value, summary.trim())
      .then(onClose)
      .catch((err: unknown) => setError(err instanceof Error ? err.message : '保存失败'))
      .finally(() => setBusy(false));
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label="知识点名称"
          maxLength={ATLAS_LIMITS.name}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Textarea
          label="简介"
          autosize
          minRows={2}
          maxLength={ATLAS_LIMITS.summary}
          value={summary}
          onChange={(e) => setSummary(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" loading={busy}>
            保存
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
