// A share link opened (/knowledgeRepository/mainSpace?share={code}): who shared what, until when,
// and 保存到我的空间 (a copy into my personal root).

import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { showSuccess } from '@/lib/toast';
import { usePlanShareInfo, useSavePlanShare } from '../api/share';
import { FOLDER_TYPE } from '../drive-dict';
import { DriveIcon } from './drive-icon';

export interface PlanShareOpenModalProps {
  code: string;
  onClose: () => void;
  /** Saved: the copy is in my personal root. */
  onSaved: () => void;
}

export function PlanShareOpenModal({ code, onClose, onSaved }: PlanShareOpenModalProps) {
  const info = usePlanShareInfo(code);
  const save = useSavePlanShare();
  return (
    <Modal opened={code !== ''} onClose={onClose} title="分享的文件" size="lg" centered>
      {info.isPending && <Loader size="sm" />}
      {info.isError && (
        <Alert color="red" title="无法打开分享链接" role="alert">
          {info.error.message || '链接已失效或不存在'}
        </Alert>
      )}
      {info.data && (
        <Stack>
          <Text size="sm">
            {info.data.senderName} 分享了 {info.data.items.length} 项，有效期至{' '}
            {formatDateTime(new Date(info.data.expireTime))}
          </Text>
          <Stack gap={4} role="list" aria-label="分享的内容">
            {info.data.items.map((item) => (
              <Group key={item.id} gap="xs" role="listitem" aria-label={item.name} wrap="nowrap">
                <DriveIcon item={item} size={18} />
                <Text size="sm" style={{ flex: 1 }} truncate>
                  {item.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.typeCode === FOLDER_TYPE ? `${item.childCount} 项` : formatFileSize(item.size)}
                </Text>
              </Group>
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              关闭
            </Button>
            <Button
              loading={save.isPending}
              onClick={() =>
                save.mutate(code, {
                  onSuccess: (result) => {
                    showSuccess(`已保存 ${result.ids.length} 项到我的空间`);
                    onSaved();
                  },
                })
              }
            >
              保存到我的空间
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
