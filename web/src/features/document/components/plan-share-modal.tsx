// 分享链接: a link to the items that any signed-in colleague opens on the drive page
// (?share={code}) and saves into their own space, until it expires or is revoked.

import { Button, CopyButton, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { PlanShare } from '@/generated/PlanShare';
import { formatDateTime } from '@/lib/format';
import { showSuccess } from '@/lib/toast';
import { shareLinkOf } from '../drive-rules';
import { useCreatePlanShare, useRevokePlanShare } from '../api/share';

const EXPIRE_OPTIONS = [
  { value: '1', label: '1 天' },
  { value: '7', label: '7 天' },
  { value: '30', label: '30 天' },
];

export interface PlanShareModalProps {
  opened: boolean;
  ids: number[];
  label: string;
  onClose: () => void;
}

export function PlanShareModal({ opened, onClose, ids, label }: PlanShareModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`分享链接：${label}`} centered>
      {opened && <PlanShareBody ids={ids} onClose={onClose} />}
    </Modal>
  );
}

function PlanShareBody({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const create = useCreatePlanShare();
  const revoke = useRevokePlanShare();
  const [days, setDays] = useState('7');
  const [share, setShare] = useState<PlanShare | null>(null);

  if (!share) {
    return (
      <Stack>
        <Text size="sm">有效期</Text>
        <SegmentedControl data={EXPIRE_OPTIONS} value={days} onChange={setDays} aria-label="有效期" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button
            loading={create.isPending}
            onClick={() => create.mutate({ ids, expireDays: Number(days) }, { onSuccess: setShare })}
          >
            生成链接
          </Button>
        </Group>
      </Stack>
    );
  }
  const link = shareLinkOf(share);
  return (
    <Stack>
      <TextInput label="分享链接" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
      <Text size="xs" c="dimmed">
        有效期至 {formatDateTime(new Date(share.expireTime))}；同事打开链接后可保存到自己的空间。
      </Text>
      <Group justify="flex-end">
        <Button
          variant="default"
          color="red"
          loading={revoke.isPending}
          onClick={() =>
            revoke.mutate(share.code, {
              onSuccess: () => {
                showSuccess('链接已撤销');
                onClose();
              },
            })
          }
        >
          撤销链接
        </Button>
        <CopyButton value={link}>
          {({ copied, copy }) => <Button onClick={copy}>{copied ? '已复制' : '复制链接'}</Button>}
        </CopyButton>
      </Group>
    </Stack>
  );
}
