// 团队内容的分享 (the owner's part of 团队成员): every share of the team's items, whoever made it
// (editors share team items too), with the item, who received it, who shared it and when. 撤销
// asks first, then revokes the share (share/revoke); the list is read again after it.

import { Alert, Button, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { ShareInfo } from '@/generated/ShareInfo';
import { formatDateTime } from '@/lib/format';
import { showSuccess } from '@/lib/toast';
import { useRevokeShare } from '../api/share';
import { useTeamShares } from '../api/teams';

/** The receiver as listed: a team is marked as one. */
const receiverOf = (share: ShareInfo) =>
  share.receiverTeamId !== 0 ? `${share.receiverName}（团队）` : share.receiverName;

/** Mounted for the team's owner only (the server refuses the list to everyone else). */
export function TeamShares({ teamId }: { teamId: number }) {
  const shares = useTeamShares(teamId);
  const revoke = useRevokeShare();
  const [asking, setAsking] = useState<ShareInfo | null>(null);

  const confirm = () => {
    if (!asking) return;
    const { shareId, itemName } = asking;
    revoke.mutate(shareId, {
      onSuccess: () => showSuccess(`已撤销分享「${itemName}」`),
      onSettled: () => setAsking(null),
    });
  };

  return (
    <Stack gap="xs">
      <Title order={6}>团队内容的分享</Title>
      {shares.isPending && <Loader size="sm" />}
      {shares.isError && (
        <Alert color="red" role="alert">
          分享记录读取失败
        </Alert>
      )}
      {shares.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          团队的内容还没有分享给别人。
        </Text>
      )}
      {shares.data && shares.data.length > 0 && (
        <Table aria-label="团队内容的分享" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>内容</Table.Th>
              <Table.Th>分享给</Table.Th>
              <Table.Th>分享人</Table.Th>
              <Table.Th>分享时间</Table.Th>
              <Table.Th>操作</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shares.data.map((s) => (
              <Table.Tr key={s.shareId} aria-label={`${s.itemName} → ${receiverOf(s)}`}>
                <Table.Td>{s.itemName}</Table.Td>
                <Table.Td>{receiverOf(s)}</Table.Td>
                <Table.Td>{s.senderName}</Table.Td>
                <Table.Td>{formatDateTime(new Date(s.shareTime))}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`撤销分享：${s.itemName} → ${receiverOf(s)}`}
                    onClick={() => setAsking(s)}
                  >
                    撤销
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmModal
        opened={asking !== null}
        title="撤销分享"
        message={
          asking
            ? `撤销${asking.senderName}分享给${receiverOf(asking)}的「${asking.itemName}」？撤销后对方不能再打开它。`
            : ''
        }
        confirmLabel="撤销"
        busy={revoke.isPending}
        onClose={() => setAsking(null)}
        onConfirm={confirm}
      />
    </Stack>
  );
}
