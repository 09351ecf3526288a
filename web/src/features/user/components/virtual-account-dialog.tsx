import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { VIRTUAL_ACCOUNT_EMAIL_SUFFIX } from '@/config/constants';
import { useChangeAccount } from '../api/switch';

export const WRONG_EMAIL_TEXT = '请输入正确的邮箱';

export interface VirtualAccountDialogProps {
  opened: boolean;
  /** The super user's own account, offered in the footer. */
  ownEmail: string;
  onClose: () => void;
  onSwitched: (email: string) => void;
}

/** 虚拟账号: a super user acts as another account (spec 01 §2, §5). */
export function VirtualAccountDialog({ opened, ownEmail, onClose, onSwitched }: VirtualAccountDialogProps) {
  const [account, setAccount] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const change = useChangeAccount();
  // Each opening starts empty (adjusted while rendering, not in an effect).
  const [wasOpened, setWasOpened] = useState(opened);
  if (wasOpened !== opened) {
    setWasOpened(opened);
    if (opened) {
      setAccount('');
      setWarning(null);
    }
  }

  // A failure: the API client has shown the error.
  const switchTo = (email: string) => change.mutate(email, { onSuccess: () => onSwitched(email) });

  const confirm = () => {
    const name = account.trim();
    if (!name || name.includes('@') || /\s/.test(name)) {
      setWarning(WRONG_EMAIL_TEXT);
      return;
    }
    switchTo(`${name}${VIRTUAL_ACCOUNT_EMAIL_SUFFIX}`);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="虚拟账号" centered>
      <Stack>
        <TextInput
          label="账号"
          placeholder="请输入账号"
          value={account}
          error={warning}
          onChange={(e) => {
            setAccount(e.currentTarget.value);
            setWarning(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') confirm();
          }}
          rightSection={
            <Text size="sm" c="dimmed">
              {VIRTUAL_ACCOUNT_EMAIL_SUFFIX}
            </Text>
          }
          rightSectionWidth={VIRTUAL_ACCOUNT_EMAIL_SUFFIX.length * 8 + 8}
        />
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            当前账号：{ownEmail}{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => switchTo(ownEmail)}>
              使用当前账号
            </Anchor>
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button onClick={confirm} loading={change.isPending} disabled={account.length === 0}>
              确定
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
