import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Timing } from '@/generated/codes';
import type { PaperDetail } from '@/generated/PaperDetail';
import { restorePaperVersion } from '../api/handout';

export interface RestoreVersionModalProps {
  paperId: number;
  /** The version to restore; null: closed. */
  versionNo: number | null;
  onClose: () => void;
  /** After the server restored it (the live document already carries the old content). */
  onRestored: (versionNo: number, detail: PaperDetail) => void;
}

/** 恢复版本: asks first, then brings the version back as a new edit of the live document. */
export function RestoreVersionModal({ paperId, versionNo, onClose, onRestored }: RestoreVersionModalProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (versionNo === null) return;
    setBusy(true);
    try {
      const detail = await restorePaperVersion(paperId, versionNo);
      notifications.show({ color: 'green', message: `已恢复到版本 v${versionNo}`, autoClose: Timing.TOAST_MS });
      onRestored(versionNo, detail);
    } catch {
      // the API client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={versionNo !== null} onClose={onClose} title="恢复版本" centered>
      <Stack>
        <Text>
          确定将讲义恢复到版本 v{versionNo} 吗？当前内容将被该版本替换，正在编辑的成员会同时看到恢复后的内容。
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button color="orange" onClick={() => void confirm()} loading={busy}>
            确定恢复
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
