import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Timing } from '@/generated/codes';
import { useRestorePaperVersion } from '../api/handout';

export interface RestoreVersionModalProps {
  paperId: number;
  /** The version to restore; null: closed. */
  versionNo: number | null;
  onClose: () => void;
  /**
   * After the server restored it: the live document already carries the old content, the live
   * detail what the server answered.
   */
  onRestored: (versionNo: number) => void;
}

/** 恢复版本: asks first, then brings the version back as a new edit of the live document. */
export function RestoreVersionModal({ paperId, versionNo, onClose, onRestored }: RestoreVersionModalProps) {
  const restore = useRestorePaperVersion(paperId);
  const busy = restore.isPending;
  const confirm = () => {
    if (versionNo === null) return;
    // A failure: the API client has shown the server's message.
    restore.mutate(versionNo, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `已恢复到版本 v${versionNo}`, autoClose: Timing.TOAST_MS });
        onRestored(versionNo);
      },
    });
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
          <Button color="orange" onClick={confirm} loading={busy}>
            确定恢复
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
