import { Badge, Button, Group, Modal, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { NoticeContent } from '@/features/notice/components/notice-content';
import type { AdminNotice } from '@/generated/AdminNotice';
import { formatDateTime } from '@/lib/format';
import { showSuccess } from '@/lib/toast';
import { useAdminNotices, useWithdrawNotice } from '../../api/notices';
import { noticeTypeLabel, readRate } from '../../admin-dict';
import { PublishModal } from './publish-modal';

export const NOTICE_TABLE = '已发布的通知';
const PAGE_SIZE = 20;

function noticeColumns(
  view: (n: AdminNotice) => void,
  withdraw: (n: AdminNotice) => void,
): ListTableColumn<AdminNotice>[] {
  return [
    { accessor: 'title', title: '标题', width: 220 },
    { accessor: 'type', title: '类型', width: 90, render: (n) => noticeTypeLabel(n.type) },
    { accessor: 'publishedBy', title: '发布人', width: 120 },
    { accessor: 'createdAt', title: '发布时间', width: 140, render: (n) => formatDateTime(new Date(n.createdAt)) },
    { accessor: 'recipients', title: '接收人数', width: 90 },
    { accessor: 'read', title: '已读', width: 70 },
    {
      accessor: 'readRate',
      title: '阅读率',
      width: 80,
      tooltip: '已读人数 / 接收人数',
      render: (n) => readRate(n.read, n.recipients),
    },
    {
      accessor: 'withdrawnAt',
      title: '状态',
      width: 90,
      render: (n) =>
        n.withdrawnAt === undefined ? (
          <Badge variant="light" color="green">
            已发布
          </Badge>
        ) : (
          <Badge variant="light" color="gray" title={formatDateTime(new Date(n.withdrawnAt))}>
            已撤回
          </Badge>
        ),
    },
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      width: 110,
      render: (n) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="subtle" aria-label={`查看 ${n.title}`} onClick={() => view(n)}>
            查看
          </Button>
          {n.withdrawnAt === undefined && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={`撤回 ${n.title}`}
              onClick={() => withdraw(n)}
            >
              撤回
            </Button>
          )}
        </Group>
      ),
    },
  ];
}

/**
 * /administration/notices (通知公告): the notices published with how many received and read them;
 * a notice is published to roles and e-mails (previewed first) or withdrawn from its recipients.
 */
export function NoticesPage() {
  const [pageNo, setPageNo] = useState(1);
  const [publishing, setPublishing] = useState(false);
  const [viewing, setViewing] = useState<AdminNotice | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminNotice | null>(null);
  const query = useAdminNotices({ pageNo, pageSize: PAGE_SIZE });
  const withdraw = useWithdrawNotice();
  const total = query.data?.total ?? 0;

  return (
    <Stack p="md" gap="md">
      <Title order={4}>通知公告</Title>
      <ListTable<AdminNotice>
        label={NOTICE_TABLE}
        storeKey="admin-notices"
        columns={noticeColumns(setViewing, setWithdrawing)}
        records={query.data?.records ?? []}
        idAccessor="id"
        rowAttributes={(n) => ({ 'aria-label': n.title })}
        noRecordsText="暂无通知"
        fetching={query.isFetching}
        pinFirstColumn
        pinLastColumn
        toolbar={() => (
          <Button size="xs" onClick={() => setPublishing(true)}>
            发布通知
          </Button>
        )}
      />
      <ListFooter
        page={pageNo}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        total={total}
        onPageChange={setPageNo}
      />
      <PublishModal opened={publishing} onClose={() => setPublishing(false)} />
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={viewing?.title ?? ''} size="lg" centered>
        {viewing && <NoticeContent createTime={viewing.createdAt} content={viewing.content} />}
      </Modal>
      <ConfirmModal
        opened={withdrawing !== null}
        title="撤回通知"
        message={withdrawing ? `确定撤回「${withdrawing.title}」吗？接收人将不再看到这条通知。` : ''}
        confirmLabel="撤回"
        busy={withdraw.isPending}
        onConfirm={() =>
          withdrawing &&
          withdraw.mutate(withdrawing.id, {
            onSuccess: () => {
              showSuccess('通知已撤回');
              setWithdrawing(null);
            },
          })
        }
        onClose={() => setWithdrawing(null)}
      />
    </Stack>
  );
}
