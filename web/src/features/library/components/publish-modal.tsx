import { Alert, Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PUBLISH_STATUS } from '@/features/outline/outline-dict';
import type { TeachingOutline } from '@/generated/TeachingOutline';
import { showSuccess } from '@/lib/toast';
import { useOutlinePublishing, useSchools } from '../api/outline-publishing';

export interface PublishModalProps {
  /** The outline to publish, or whose schools change (null: closed). */
  outline: TeachingOutline | null;
  onClose: () => void;
}

/**
 * 发布到讲义库: the schools whose lecture library holds the outline (none chosen: every school),
 * set (library/transferSchoolInfo), then the outline published (library/updateStatus 1; only an
 * outline in use is). A published outline's schools change here, or it is withdrawn (下架).
 */
export function PublishModal({ outline, onClose }: PublishModalProps) {
  const title = outline
    ? `${outline.status === PUBLISH_STATUS.published ? '发布设置' : '发布到讲义库'} · ${outline.name}`
    : '';
  return (
    <Modal opened={outline !== null} onClose={onClose} title={title} size="lg">
      {outline && <PublishForm key={outline.outlineId} outline={outline} onClose={onClose} />}
    </Modal>
  );
}

function PublishForm({ outline, onClose }: { outline: TeachingOutline; onClose: () => void }) {
  const schools = useSchools();
  const { schools: transfer, status } = useOutlinePublishing();
  const [schoolIds, setSchoolIds] = useState(() => outline.schoolIds.map(String));
  const [failure, setFailure] = useState<string | null>(null);
  const published = outline.status === PUBLISH_STATUS.published;
  const busy = transfer.isPending || status.isPending;

  const fail = (err: Error) => setFailure(err.message);

  const publish = async () => {
    setFailure(null);
    try {
      await transfer.mutateAsync({ outlineId: outline.outlineId, schoolIds: schoolIds.map(Number) });
      if (!published) await status.mutateAsync({ outlineId: outline.outlineId, status: PUBLISH_STATUS.published });
      showSuccess(published ? '发布校区已更新' : `「${outline.name}」已发布到讲义库`);
      onClose();
    } catch (err) {
      fail(err instanceof Error ? err : new Error('发布失败'));
    }
  };

  const withdraw = () => {
    setFailure(null);
    status.mutate(
      { outlineId: outline.outlineId, status: PUBLISH_STATUS.withdrawn },
      {
        onSuccess: () => {
          showSuccess(`「${outline.name}」已从讲义库下架`);
          onClose();
        },
        onError: fail,
      },
    );
  };

  return (
    <Stack gap="sm">
      {!outline.valid && !published && (
        <Alert color="yellow" variant="light" role="note">
          只有在用的大纲可以发布到讲义库，请先将大纲设为在用。
        </Alert>
      )}
      <MultiSelect
        label="发布校区"
        placeholder={schoolIds.length === 0 ? '全部校区' : undefined}
        data={(schools.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
        value={schoolIds}
        onChange={setSchoolIds}
        searchable
        clearable
        nothingFoundMessage="没有匹配的校区"
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
      <Text size="xs" c="dimmed">
        不选校区时，所有校区的老师都能在讲义库中看到这份大纲。
      </Text>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="space-between">
        <div>
          {published && (
            <Button color="red" variant="light" onClick={withdraw} loading={status.isPending} disabled={busy}>
              下架
            </Button>
          )}
        </div>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button onClick={() => void publish()} loading={busy}>
            {published ? '保存' : '发布'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
