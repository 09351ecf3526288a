import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ROLE_DIALOG_WIDTH } from '@/config/constants';
import type { RoleEntry } from '@/generated/RoleEntry';
import { useChangeRole } from '../api/switch';

export interface RoleSwitchDialogProps {
  opened: boolean;
  roles: RoleEntry[];
  onClose: () => void;
  /** Called after the server switched the role. */
  onSwitched: (role: string) => void;
}

/** 切换身份: a radio list of the user's roles (spec 01 §2 "User menu"). */
export function RoleSwitchDialog({ opened, roles, onClose, onSwitched }: RoleSwitchDialogProps) {
  const current = roles.find((r) => r.current)?.code ?? null;
  const [value, setValue] = useState<string | null>(current);
  const change = useChangeRole();
  // Each opening starts from the current role (adjusted while rendering, not in an effect).
  const [shownFor, setShownFor] = useState({ opened, current });
  if (shownFor.opened !== opened || shownFor.current !== current) {
    setShownFor({ opened, current });
    if (opened) setValue(current);
  }

  const confirm = () => {
    if (!value) return;
    // A failure: the API client has shown the error.
    change.mutate(value, { onSuccess: () => onSwitched(value) });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="切换身份" size={ROLE_DIALOG_WIDTH} centered>
      <Stack>
        <Radio.Group value={value} onChange={setValue} aria-label="身份">
          <Stack gap="sm">
            {roles.map((r) => (
              <Radio key={r.code} value={r.code} label={r.name} />
            ))}
          </Stack>
        </Radio.Group>
        <Text size="sm" c="orange">
          切换身份后，其他已打开的窗口将被关闭
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button onClick={confirm} loading={change.isPending} disabled={roles.length <= 1 || !value}>
            确定
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
