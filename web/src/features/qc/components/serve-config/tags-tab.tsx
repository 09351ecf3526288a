import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { TagRow } from '@/generated/TagRow';
import { formatCount, formatText } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useDeleteTag, useTags } from '../../api/settings';

export const TAG_TABLE = '提交标签';

function tagColumns(remove: (tag: TagRow) => void): ListTableColumn<TagRow>[] {
  return [
    { accessor: 'name', title: '标签名称', width: 200, render: (t) => formatText(t.name) },
    { accessor: 'useCount', title: '使用次数', width: 120, render: (t) => formatCount(t.useCount) },
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      width: 100,
      render: (t) => (
        <Button size="compact-xs" variant="subtle" color="red" aria-label={`删除 ${t.name}`} onClick={() => remove(t)}>
          删除
        </Button>
      ),
    },
  ];
}

/** 提交标签: the tags staff put on punches, with how many carry each; one deleted at a time. */
export function TagsTab() {
  const query = useTags();
  const remove = useDeleteTag();
  const [deleting, setDeleting] = useState<TagRow | null>(null);
  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showSuccess('标签已删除');
        setDeleting(null);
      },
    });
  };
  return (
    <Stack gap="sm" maw={640}>
      <ListTable<TagRow>
        label={TAG_TABLE}
        storeKey="qc-tags"
        columns={tagColumns(setDeleting)}
        records={query.data ?? []}
        idAccessor="id"
        rowAttributes={(row) => ({ 'aria-label': row.name })}
        noRecordsText="暂无标签"
        fetching={query.isFetching}
      />
      <ConfirmModal
        opened={deleting !== null}
        title="删除标签"
        message={
          deleting
            ? `确定删除标签“${deleting.name}”吗？${deleting.useCount > 0 ? `已有${deleting.useCount}条打卡使用该标签。` : ''}`
            : ''
        }
        confirmLabel="删除"
        busy={remove.isPending}
        onConfirm={confirm}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
