import { Badge, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { type ReportColumn, toListColumns } from '@/components/data-table/report-column';
import type { StudentDynamicRow } from '@/generated/StudentDynamicRow';
import type { StudentDynamicSearch } from '@/generated/StudentDynamicSearch';
import { formatInstant } from '@/lib/report-format';
import { useDynamics } from '../api/dynamics';
import { dynamicId, dynamicLabel, followText, studentText } from '../student-dynamic-dict';
import { FIRST_PAGE } from '../student-dynamic-search';
import { FollowModal } from './follow-modal';

export const DYNAMIC_TABLE = '学员动态';

const COLUMNS: readonly ReportColumn<StudentDynamicRow>[] = [
  { prop: 'kindName', label: '类型', minWidth: 110 },
  { prop: 'studentName', label: '学员', minWidth: 150, format: studentText },
  { prop: 'teacherName', label: '老师', minWidth: 100 },
  { prop: 'happenedAt', label: '时间', minWidth: 150, format: (r) => formatInstant(r.happenedAt) },
  { prop: 'detail', label: '详情', minWidth: 260 },
];

/** 待跟进, or 已跟进 with how, when and by whom. */
const stateColumn: ListTableColumn<StudentDynamicRow> = {
  accessor: 'followed',
  title: '状态',
  width: 200,
  render: (row) =>
    row.followed ? (
      <Stack gap={2}>
        <Badge size="sm" variant="light" color="green">
          已跟进
        </Badge>
        <Text size="xs" c="dimmed">
          {followText(row)}
        </Text>
      </Stack>
    ) : (
      <Badge size="sm" variant="light" color="orange">
        待跟进
      </Badge>
    ),
};

const noteColumn: ReportColumn<StudentDynamicRow> = { prop: 'note', label: '跟进备注', minWidth: 200 };

function actionsColumn(follow: (row: StudentDynamicRow) => void): ListTableColumn<StudentDynamicRow> {
  return {
    accessor: 'actions',
    title: '操作',
    toggleable: false,
    resizable: false,
    fixed: 'right',
    width: 90,
    render: (row) => (
      <Button size="compact-xs" variant="light" aria-label={`跟进 ${dynamicLabel(row)}`} onClick={() => follow(row)}>
        跟进
      </Button>
    ),
  };
}

export interface DynamicListProps {
  /** The search without paging; another search starts on its first page. */
  search: StudentDynamicSearch;
  /** Where the table's column settings are kept. */
  storeKey: string;
}

/**
 * The dynamics searched, the latest first, a page at a time; each is followed up (again) with
 * 跟进, after which every list and the statistics are read again.
 */
export function DynamicList({ search, storeKey }: DynamicListProps) {
  const searchKey = JSON.stringify(search);
  const [paging, setPaging] = useState<{ searchKey: string; pageNo: number }>({ searchKey, pageNo: FIRST_PAGE.pageNo });
  const pageNo = paging.searchKey === searchKey ? paging.pageNo : FIRST_PAGE.pageNo;
  const [following, setFollowing] = useState<StudentDynamicRow | null>(null);

  const query = useDynamics({ ...search, pageNo, pageSize: FIRST_PAGE.pageSize });
  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FIRST_PAGE.pageSize));

  return (
    <>
      <ListTable<StudentDynamicRow>
        label={DYNAMIC_TABLE}
        storeKey={storeKey}
        columns={[...toListColumns(COLUMNS), stateColumn, ...toListColumns([noteColumn]), actionsColumn(setFollowing)]}
        records={records}
        idAccessor={dynamicId}
        rowAttributes={(row) => ({ 'aria-label': dynamicLabel(row) })}
        noRecordsText={query.isPending ? '加载中…' : '暂无学员动态'}
        fetching={query.isFetching}
        pinFirstColumn
      />
      <ListFooter page={pageNo} pages={pages} total={total} onPageChange={(p) => setPaging({ searchKey, pageNo: p })} />
      <FollowModal dynamic={following} onClose={() => setFollowing(null)} />
    </>
  );
}
