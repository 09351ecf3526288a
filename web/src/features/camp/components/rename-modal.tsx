import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';

export interface RenameModalProps {
  title: string;
  /** The name field's label. */
  label: string;
  name: string;
  maxLength: number;
  /** With a description field (the camp's 简介). */
  description?: { label: string; value: string; maxLength: number };
  busy: boolean;
  onSave: (name: string, description?: string) => void;
  onClose: () => void;
}

/** Renames a camp, a phase or a task (and changes the camp's description). */
export function RenameModal({ title, label, name, maxLength, description, busy, onSave, onClose }: RenameModalProps) {
  const [draft, setDraft] = useState(name);
  const [text, setText] = useState(description?.value ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!draft.trim()) {
      setError(`请输入${label}`);
      return;
    }
    onSave(draft.trim(), description ? text.trim() : undefined);
  };
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label={label}
            withAsterisk
            maxLength={maxLength}
            value={draft}
            error={error}
            onChange={(e) => setDraft(e.currentTarget.value)}
            data-autofocus
          />
          {description && (
            <Textarea
              label={description.label}
              autosize
              minRows={2}
              maxLength={description.maxLength}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              取消
            </Button>
            <Button type="submit" loading={busy}>
              保存
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
