import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { toListColumns } from '@/components/data-table/report-column';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { ServiceSearch } from '@/generated/ServiceSearch';
import type { ServiceType } from '@/generated/ServiceType';
import { formatText } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useDeleteService, useServiceIcons, useServices } from '../../api/services';
import { SERVICE_COLUMNS } from '../../columns/service-columns';
import { FIRST_PAGE } from '../../qc-search';
import { FollowFormPreview } from './follow-form-preview';
import { ServiceModal } from './service-modal';

export const SERVICE_TABLE = '服务类型';

const ENABLED_CHOICES = [
  { value: '-1', label: '全部' },
  { value: '1', label: '启用' },
  { value: '0', label: '停用' },
];

interface Actions {
  edit: (s: ServiceType) => void;
  preview: (s: ServiceType) => void;
  remove: (s: ServiceType) => void;
}

function serviceColumns(iconNames: ReadonlyMap<string, string>, actions: Actions): ListTableColumn<ServiceType>[] {
  const columns = toListColumns(SERVICE_COLUMNS).map((c) =>
    c.accessor === 'icon' ? { ...c, render: (s: ServiceType) => formatText(iconNames.get(s.icon) ?? s.icon) } : c,
  );
  return [
    ...columns,
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      fixed: 'right',
      width: 180,
      render: (s) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="subtle" aria-label={`编辑 ${s.name}`} onClick={() => actions.edit(s)}>
            编辑
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={`预览 ${s.name} 的表单`}
            onClick={() => actions.preview(s)}
          >
            表单预览
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label={`删除 ${s.name}`}
            onClick={() => actions.remove(s)}
          >
            删除
          </Button>
        </Group>
      ),
    },
  ];
}

/** 服务类型: the services staff owe their students, searched, added, edited, previewed, deleted. */
export function ServiceTypesTab() {
  const [draft, setDraft] = useState({ keyword: '', enabled: -1 });
  const [search, setSearch] = useState<ServiceSearch>({
    enabled: -1,
    pageNo: FIRST_PAGE.pageNo,
    pageSize: FIRST_PAGE.pageSize,
  });
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ServiceType | null>(null);
  const icons = useServiceIcons().data ?? [];
  const query = useServices(search);
  const remove = useDeleteService();
  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FIRST_PAGE.pageSize));

  const apply = () => {
    const keyword = draft.keyword.trim();
    setSearch({
      ...(keyword ? { keyword } : {}),
      enabled: draft.enabled,
      pageNo: FIRST_PAGE.pageNo,
      pageSize: FIRST_PAGE.pageSize,
    });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showSuccess('服务已删除');
        setDeleting(null);
      },
    });
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" role="search" aria-label="服务筛选">
        <TextInput
          size="xs"
          w={200}
          label="服务名称"
          placeholder="输入服务名称"
          value={draft.keyword}
          onChange={(e) => setDraft((d) => ({ ...d, keyword: e.currentTarget.value }))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
          }}
        />
        <Select
          size="xs"
          w={110}
          label="状态"
          data={ENABLED_CHOICES}
          value={String(draft.enabled)}
          allowDeselect={false}
          onChange={(v) => setDraft((d) => ({ ...d, enabled: Number(v ?? -1) }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Button size="xs" onClick={apply}>
          查询
        </Button>
        <Button size="xs" variant="light" onClick={() => setEditing('new')}>
          新增服务
        </Button>
      </Group>
      <ListTable<ServiceType>
        label={SERVICE_TABLE}
        storeKey="qc-services"
        columns={serviceColumns(new Map(icons.map((i) => [i.code, i.name])), {
          edit: (s) => setEditing(s.id),
          preview: (s) => setPreviewing(s.id),
          remove: setDeleting,
        })}
        records={records}
        idAccessor="id"
        rowAttributes={(row) => ({ 'aria-label': row.name })}
        noRecordsText="暂无服务"
        fetching={query.isFetching}
      />
      <ListFooter
        page={search.pageNo ?? FIRST_PAGE.pageNo}
        pages={pages}
        total={total}
        onPageChange={(pageNo) => setSearch((s) => ({ ...s, pageNo }))}
      />
      <ServiceModal editing={editing} onClose={() => setEditing(null)} />
      <FollowFormPreview serviceId={previewing} onClose={() => setPreviewing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="删除服务"
        message={
          deleting
            ? `确定删除服务“${deleting.name}”吗？${deleting.punchCount > 0 ? `已有${deleting.punchCount}条打卡记录，删除后不再统计该服务。` : ''}`
            : ''
        }
        confirmLabel="删除"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
