import { Badge, Button, Group, Select, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { saveBlob } from '@/features/download/download-file';
import type { AuditEntry } from '@/generated/AuditEntry';
import type { CodeName } from '@/generated/CodeName';
import { formatDateTime } from '@/lib/format';
import { exportAudit, useAudit, useAuditActions } from '../../api/audit';
import {
  actionLabel,
  actionOptions,
  AUDIT_PAGE_SIZE,
  type AuditFilters,
  auditDaysError,
  NO_AUDIT_FILTERS,
  toAuditSearch,
} from '../../audit-filters';

export const AUDIT_TABLE = '审计日志';
export const AUDIT_EXPORT_NAME = 'audit-log.xlsx';

function auditColumns(actions: readonly CodeName[]): ListTableColumn<AuditEntry>[] {
  return [
    {
      accessor: 'at',
      title: '时间',
      width: 150,
      render: (e) => formatDateTime(new Date(e.at)),
    },
    {
      accessor: 'actorEmail',
      title: '操作人',
      width: 190,
      render: (e) =>
        e.actorEmail || (
          <Text size="sm" c="dimmed">
            匿名
          </Text>
        ),
    },
    {
      accessor: 'actingAsId',
      title: '代登录账号',
      width: 100,
      tooltip: '超级用户代登录时所代的账号 ID',
      render: (e) => (e.actingAsId === undefined ? '-' : `#${e.actingAsId}`),
    },
    {
      accessor: 'action',
      title: '操作',
      width: 150,
      render: (e) => (
        <Tooltip label={e.action} withinPortal>
          <span>{actionLabel(e.action, actions)}</span>
        </Tooltip>
      ),
    },
    { accessor: 'target', title: '对象', width: 180, render: (e) => e.target || '-' },
    { accessor: 'detail', title: '详情', width: 260, render: (e) => e.detail || '-' },
    { accessor: 'ip', title: 'IP', width: 120, render: (e) => e.ip || '-' },
    {
      accessor: 'ok',
      title: '结果',
      width: 70,
      render: (e) =>
        e.ok ? (
          <Badge variant="light" color="green">
            成功
          </Badge>
        ) : (
          <Badge variant="light" color="red">
            失败
          </Badge>
        ),
    },
  ];
}

/**
 * /administration/auditLog (审计日志): who did what, newest first, by actor, action (one, or a
 * whole family), words and days; a page at a time, and what the filters find as .xlsx.
 */
export function AuditLogPage() {
  const actions = useAuditActions().data ?? [];
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [pageNo, setPageNo] = useState(1);
  const [exporting, setExporting] = useState(false);
  const daysError = auditDaysError(draft);
  const query = useAudit({ ...toAuditSearch(filters), pageNo, pageSize: AUDIT_PAGE_SIZE });
  const total = query.data?.total ?? 0;
  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const apply = () => {
    if (daysError) return;
    setFilters(draft);
    setPageNo(1);
  };
  const reset = () => {
    setDraft(NO_AUDIT_FILTERS);
    setFilters(NO_AUDIT_FILTERS);
    setPageNo(1);
  };
  const download = async () => {
    setExporting(true);
    try {
      saveBlob(await exportAudit(toAuditSearch(filters)), AUDIT_EXPORT_NAME);
    } catch {
      // the refusal was shown
    } finally {
      setExporting(false);
    }
  };
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') apply();
  };

  return (
    <Stack p="md" gap="md">
      <Title order={4}>审计日志</Title>
      <Group gap="sm" align="flex-start" role="search" aria-label="审计日志筛选">
        <TextInput
          size="xs"
          w={180}
          label="操作人"
          placeholder="邮箱"
          value={draft.actor}
          onChange={(e) => set('actor', e.currentTarget.value)}
          onKeyDown={onEnter}
        />
        <Select
          size="xs"
          w={170}
          label="操作"
          placeholder="全部操作"
          clearable
          searchable
          data={actionOptions(actions)}
          value={draft.action}
          onChange={(action) => set('action', action)}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          size="xs"
          w={180}
          label="关键词"
          placeholder="对象或详情"
          value={draft.keyword}
          onChange={(e) => set('keyword', e.currentTarget.value)}
          onKeyDown={onEnter}
        />
        <TextInput
          size="xs"
          type="date"
          label="开始日期"
          value={draft.fromDay}
          onChange={(e) => set('fromDay', e.currentTarget.value)}
        />
        <TextInput
          size="xs"
          type="date"
          label="结束日期"
          value={draft.toDay}
          error={daysError}
          onChange={(e) => set('toDay', e.currentTarget.value)}
        />
        <Group gap="xs" mt={22}>
          <Button size="xs" onClick={apply} disabled={daysError !== null}>
            查询
          </Button>
          <Button size="xs" variant="default" onClick={reset}>
            重置
          </Button>
        </Group>
      </Group>
      <ListTable<AuditEntry>
        label={AUDIT_TABLE}
        storeKey="admin-audit-log"
        columns={auditColumns(actions)}
        records={query.data?.records ?? []}
        idAccessor="id"
        rowAttributes={(e) => ({ 'aria-label': `${e.action} ${e.target}`.trim(), 'data-ok': String(e.ok) })}
        noRecordsText="暂无记录"
        fetching={query.isFetching}
        pinFirstColumn
        toolbar={() => (
          <Button size="xs" variant="light" loading={exporting} onClick={() => void download()}>
            导出
          </Button>
        )}
      />
      <ListFooter
        page={pageNo}
        pages={Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE))}
        total={total}
        onPageChange={setPageNo}
      />
    </Stack>
  );
}
