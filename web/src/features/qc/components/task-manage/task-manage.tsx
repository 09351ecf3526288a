import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { ListSort } from '@/components/data-table/list-table';
import { sortInfoOf } from '@/components/data-table/report-column';
import type { ServicePunchRow } from '@/generated/ServicePunchRow';
import { usePunches } from '../../api/punches';
import { TASK_COLUMNS, taskLabel } from '../../columns/task-columns';
import { useBatchCheckRule } from '../../hooks/use-check-rule';
import { FIRST_PAGE, type QcFilterField, shownFilters, toQcWire } from '../../qc-search';
import { useQcFilters } from '../../qc-search-store';
import { PunchTable, type PunchTableTexts } from '../punch-table';
import { QcFilterBar } from '../qc-filter-bar';

/** The table's name; its column settings are kept under `qc-tasks`. */
export const TASK_TABLE = '服务任务';

const FILTERS: readonly QcFilterField[] = [
  'school',
  'group',
  'service',
  'checkStatus',
  'resultStatus',
  'classicCase',
  'channel',
  'tag',
  'teacher',
  'student',
];

const TEXTS: PunchTableTexts = {
  open: '详情',
  noRecords: '暂无任务记录',
  deleteTitle: '删除任务记录',
  deleteMessage: (task) => `确定删除“${taskLabel(task)}”的打卡记录吗？删除后不可恢复，统计中也不再计入。`,
  deleted: '任务记录已删除',
};

/**
 * /qualityCheckManagement/taskManage (任务管理, 02 §2, §7.6): every service task done in the
 * period — a punch record each, whoever did it — searched by school, QC team, service, check,
 * result, classic case, channel, tag, staff and student; one opened for what was written, its
 * pre-check and checks, and checked (`taskDetail`, `qc/aiDetail`, `qc/singleQc`); several given
 * one result (`qc/bathUpdateResultStatus`); one deleted. A check changes the records the QC
 * statistics count, so they are read again.
 */
export function TaskManage() {
  const filters = shownFilters(useQcFilters(), FILTERS);
  const [sort, setSort] = useState<ListSort | null>(null);
  const sortInfo = sortInfoOf(TASK_COLUMNS, sort);
  const searchKey = JSON.stringify([filters, sortInfo]);
  // The page and the rows picked belong to one search: another search starts over.
  const [paging, setPaging] = useState<{ searchKey: string; pageNo: number }>({ searchKey, pageNo: FIRST_PAGE.pageNo });
  const pageNo = paging.searchKey === searchKey ? paging.pageNo : FIRST_PAGE.pageNo;
  const [picked, setPicked] = useState<{ searchKey: string; rows: ServicePunchRow[] }>({ searchKey, rows: [] });
  const selected = picked.searchKey === searchKey ? picked.rows : [];
  const setSelected = (rows: ServicePunchRow[]) => setPicked({ searchKey, rows });
  const rule = useBatchCheckRule(selected.map((t) => t.schoolId));

  const query = usePunches(toQcWire(filters, { pageNo, pageSize: FIRST_PAGE.pageSize, sortInfo }));

  return (
    <Stack p="md" gap="md">
      <Title order={4}>任务管理</Title>
      <QcFilterBar fields={FILTERS} />
      <PunchTable
        label={TASK_TABLE}
        storeKey="qc-tasks"
        columns={TASK_COLUMNS}
        rowLabel={taskLabel}
        texts={TEXTS}
        query={query}
        pageNo={pageNo}
        onPageChange={(p) => setPaging({ searchKey, pageNo: p })}
        sort={sort}
        onSortChange={setSort}
        selected={selected}
        onSelectedChange={setSelected}
        rule={rule}
        onDeleted={(task) => setSelected(selected.filter((t) => t.punchId !== task.punchId))}
      />
    </Stack>
  );
}
