import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { OneTimeLink } from '@/generated/OneTimeLink';
import { OneTimeLinkView } from '../one-time-link-view';

export interface ResetLinkModalProps {
  /** The link made and whose it is; null: closed. */
  shown: { link: OneTimeLink; email: string } | null;
  onClose: () => void;
}

/** 重置密码链接: shown once, for the account's owner to set a new password. */
export function ResetLinkModal({ shown, onClose }: ResetLinkModalProps) {
  return (
    <Modal opened={shown !== null} onClose={onClose} title="重置密码链接" size="lg" centered>
      {shown && (
        <Stack>
          <Text size="sm">请把链接发给 {shown.email}，打开后即可设置新密码；设置后该账号的所有登录将失效。</Text>
          <OneTimeLinkView link={shown.link} label="重置密码链接" />
          <Group justify="flex-end">
            <Button onClick={onClose}>完成</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
