import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { webAddress } from '../drive-rules';
import { NAME_LIMIT } from './name-modal';

export interface LinkModalProps {
  opened: boolean;
  onSubmit: (link: { name: string; url: string }) => Promise<unknown>;
  onClose: () => void;
}

/** 导入链接: a web page kept in the folder under a name. */
export function LinkModal({ opened, onClose, onSubmit }: LinkModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="导入链接" centered>
      {opened && <LinkForm onSubmit={onSubmit} onClose={onClose} />}
    </Modal>
  );
}

function LinkForm({ onSubmit, onClose }: Omit<LinkModalProps, 'opened'>) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<{ name?: string; url?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const address = webAddress(url);
    const title = name.trim();
    const next = {
      name: title ? undefined : '请输入名称',
      url: address ? undefined : '请输入有效的网址（http 或 https）',
    };
    setErrors(next);
    if (!address || !title) return;
    setBusy(true);
    onSubmit({ name: title, url: address }).then(
      () => onClose(),
      (err: unknown) => {
        setBusy(false);
        setErrors({ url: err instanceof Error ? err.message : '导入失败' });
      },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label="名称"
          maxLength={NAME_LIMIT}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <TextInput
          label="网址"
          placeholder="https://"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={errors.url}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" loading={busy}>
            导入
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
