import { Badge, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { AdminSchool } from '@/generated/AdminSchool';
import type { Invitation } from '@/generated/Invitation';
import { formatDateTime } from '@/lib/format';
import { showSuccess } from '@/lib/toast';
import { InvitationStatus, useInvitations, useRevokeInvitation } from '../../api/invitations';
import { INVITATION_STATUS_LABELS, roleNames, schoolNames } from '../../admin-dict';

export const INVITATION_TABLE = '邀请记录';
const PAGE_SIZE = 20;

function invitationColumns(schools: AdminSchool[], revoke: (i: Invitation) => void): ListTableColumn<Invitation>[] {
  return [
    { accessor: 'email', title: '邮箱', width: 200 },
    { accessor: 'roles', title: '角色', width: 140, render: (i) => roleNames(i.roles) || '-' },
    { accessor: 'schoolIds', title: '校区', width: 160, render: (i) => schoolNames(i.schoolIds, schools) || '-' },
    { accessor: 'invitedBy', title: '邀请人', width: 120 },
    { accessor: 'createdAt', title: '邀请时间', width: 140, render: (i) => formatDateTime(new Date(i.createdAt)) },
    { accessor: 'expiresAt', title: '有效期至', width: 140, render: (i) => formatDateTime(new Date(i.expiresAt)) },
    {
      accessor: 'status',
      title: '状态',
      width: 90,
      render: (i) => {
        const status = INVITATION_STATUS_LABELS[i.status];
        return (
          <Badge variant="light" color={status?.color ?? 'gray'}>
            {status?.label ?? i.status}
          </Badge>
        );
      },
    },
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      width: 80,
      render: (i) =>
        i.status === InvitationStatus.Open ? (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label={`撤销 ${i.email} 的邀请`}
            onClick={() => revoke(i)}
          >
            撤销
          </Button>
        ) : null,
    },
  ];
}

/** The invitations sent, newest first, with their status; an open one may be revoked. */
export function InvitationsPanel({ schools }: { schools: AdminSchool[] }) {
  const [pageNo, setPageNo] = useState(1);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const query = useInvitations({ pageNo, pageSize: PAGE_SIZE });
  const revoke = useRevokeInvitation();
  const total = query.data?.total ?? 0;

  return (
    <Stack gap="sm">
      <ListTable<Invitation>
        label={INVITATION_TABLE}
        storeKey="admin-invitations"
        columns={invitationColumns(schools, setRevoking)}
        records={query.data?.records ?? []}
        idAccessor="id"
        rowAttributes={(i) => ({ 'aria-label': i.email })}
        noRecordsText="暂无邀请"
        fetching={query.isFetching}
        pinLastColumn
      />
      <ListFooter
        page={pageNo}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        total={total}
        onPageChange={setPageNo}
      />
      <ConfirmModal
        opened={revoking !== null}
        title="撤销邀请"
        message={revoking ? `确定撤销对 ${revoking.email} 的邀请吗？撤销后链接立即失效。` : ''}
        confirmLabel="撤销"
        busy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              showSuccess('邀请已撤销');
              setRevoking(null);
            },
          })
        }
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
