import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';

/** The longest name of an item or a team. */
export const NAME_LIMIT = 100;

export interface NameModalProps {
  opened: boolean;
  title: string;
  /** The field's label, e.g. 文件夹名称. */
  label: string;
  initial?: string;
  /** Saves the name; a rejection keeps the dialog open with the server's message. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** A name to give (新建文件夹, 重命名, 新建团队): trimmed, not empty. */
export function NameModal({ opened, onClose, title, ...form }: NameModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {opened && <NameForm {...form} onClose={onClose} />}
    </Modal>
  );
}

function NameForm({ label, initial = '', onSubmit, onClose }: Omit<NameModalProps, 'opened' | 'title'>) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const value = name.trim();
    if (!value) {
      setError(`请输入${label}`);
      return;
    }
    setError(null);
    setBusy(true);
    onSubmit(value).then(
      () => onClose(),
      (err: unknown) => {
        setBusy(false);
        setError(err instanceof Error ? err.message : '保存失败');
      },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label={label}
          maxLength={NAME_LIMIT}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" loading={busy}>
            确定
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
