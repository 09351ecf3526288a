import { Button, Group } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { type ListSort, ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { type ReportColumn, toListColumns } from '@/components/data-table/report-column';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { Page } from '@/generated/Page';
import type { ServicePunchRow } from '@/generated/ServicePunchRow';
import { showSuccess } from '@/lib/toast';
import { useDeletePunch } from '../api/punches';
import type { CheckRule } from '../check-form';
import { FIRST_PAGE } from '../qc-search';
import { BatchResultModal } from './serve-qc/batch-result-modal';
import { PunchDetailModal } from './serve-qc/punch-detail';

/** What a punch table says where the screens differ. */
export interface PunchTableTexts {
  /** The button that opens a punch for its detail and checks (详情, 质检). */
  open: string;
  noRecords: string;
  /** Asked before deleting: the title and the question. */
  deleteTitle: string;
  deleteMessage: (punch: ServicePunchRow) => string;
  /** The toast once a punch is deleted. */
  deleted: string;
}

export interface PunchTableProps {
  /** The table's name; its column settings are kept under `storeKey`. */
  label: string;
  storeKey: string;
  columns: readonly ReportColumn<ServicePunchRow>[];
  /** A punch's accessible name: its row, its buttons, its check box. */
  rowLabel: (punch: ServicePunchRow) => string;
  texts: PunchTableTexts;
  /** The page shown (qc/service/detail/list). */
  query: UseQueryResult<Page<ServicePunchRow>>;
  pageNo: number;
  onPageChange: (pageNo: number) => void;
  sort: ListSort | null;
  onSortChange: (sort: ListSort) => void;
  /** The punches picked for 批量修改结果. */
  selected: ServicePunchRow[];
  onSelectedChange: (punches: ServicePunchRow[]) => void;
  /** What the batch's comment obeys. */
  rule: CheckRule;
  /** A punch was deleted (the screen drops it from the picked). */
  onDeleted: (punch: ServicePunchRow) => void;
}

function actionsColumn(
  texts: PunchTableTexts,
  rowLabel: (punch: ServicePunchRow) => string,
  open: (punch: ServicePunchRow) => void,
  remove: (punch: ServicePunchRow) => void,
): ListTableColumn<ServicePunchRow> {
  return {
    accessor: 'actions',
    title: '操作',
    toggleable: false,
    resizable: false,
    fixed: 'right',
    width: 130,
    render: (punch) => (
      <Group gap={4} wrap="nowrap">
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`${texts.open} ${rowLabel(punch)}`}
          onClick={() => open(punch)}
        >
          {texts.open}
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          aria-label={`删除 ${rowLabel(punch)}`}
          onClick={() => remove(punch)}
        >
          删除
        </Button>
      </Group>
    ),
  };
}

/**
 * A page of service punches with the pager: picked for 批量修改结果, each opened for what was
 * written and its checks, or deleted after asking.
 */
export function PunchTable({
  label,
  storeKey,
  columns,
  rowLabel,
  texts,
  query,
  pageNo,
  onPageChange,
  sort,
  onSortChange,
  selected,
  onSelectedChange,
  rule,
  onDeleted,
}: PunchTableProps) {
  const [batching, setBatching] = useState(false);
  const [opened, setOpened] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ServicePunchRow | null>(null);
  const remove = useDeletePunch();
  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FIRST_PAGE.pageSize));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.punchId, {
      onSuccess: () => {
        showSuccess(texts.deleted);
        onDeleted(deleting);
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <ListTable<ServicePunchRow>
        label={label}
        storeKey={storeKey}
        columns={[...toListColumns(columns), actionsColumn(texts, rowLabel, (p) => setOpened(p.punchId), setDeleting)]}
        records={records}
        idAccessor="punchId"
        rowAttributes={(row) => ({ 'aria-label': rowLabel(row) })}
        noRecordsText={texts.noRecords}
        fetching={query.isFetching}
        sort={sort}
        onSortChange={onSortChange}
        selection={{ selected, onChange: onSelectedChange, label: rowLabel }}
        toolbar={() => (
          <Button size="xs" variant="light" disabled={selected.length === 0} onClick={() => setBatching(true)}>
            批量修改结果{selected.length > 0 ? `（${selected.length}）` : ''}
          </Button>
        )}
      />
      <ListFooter page={pageNo} pages={pages} total={total} onPageChange={onPageChange} />
      <BatchResultModal
        opened={batching}
        punchIds={selected.map((p) => p.punchId)}
        rule={rule}
        onClose={() => setBatching(false)}
        onDone={() => onSelectedChange([])}
      />
      <PunchDetailModal punchId={opened} onClose={() => setOpened(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={texts.deleteTitle}
        message={deleting ? texts.deleteMessage(deleting) : ''}
        confirmLabel="删除"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
