import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';

export interface NameModalProps {
  /** Open with this title; null: closed. */
  title: string | null;
  /** The field's label, e.g. 分组名称. */
  label: string;
  /** The name before (empty for a new one). */
  initial: string;
  maxLength: number;
  busy: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

function NameForm({ label, initial, maxLength, busy, onSubmit, onClose }: Omit<NameModalProps, 'title'>) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(`请输入${label}`);
      return;
    }
    onSubmit(trimmed);
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label={label}
          withAsterisk
          maxLength={maxLength}
          value={name}
          error={error}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
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

/** Adds or renames something that is only a name (a group, a teaching site, a department). */
export function NameModal({ title, ...props }: NameModalProps) {
  return (
    <Modal opened={title !== null} onClose={props.onClose} title={title ?? ''} centered>
      {title !== null && <NameForm key={`${title}-${props.initial}`} {...props} />}
    </Modal>
  );
}
