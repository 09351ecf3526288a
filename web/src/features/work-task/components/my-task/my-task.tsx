import { Anchor, Button, Group, SegmentedControl, Select, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { toListColumns } from '@/components/data-table/report-column';
import { StatCards } from '@/components/stat-cards';
import type { MyWorkTaskSearch } from '@/generated/MyWorkTaskSearch';
import type { WorkTaskRow } from '@/generated/WorkTaskRow';
import { formatCount, formatText } from '@/lib/report-format';
import { useMyTaskCount, useMyTasks } from '../../api/my-tasks';
import { MY_TASK_COLUMNS } from '../../columns/task-columns';
import {
  ALL,
  ALL_VALUE,
  COURSES,
  DONE,
  OVERDUE,
  STEPS,
  taskDetailPath,
  taskLabel,
  TODO,
  withAll,
} from '../../work-task-dict';
import { FIRST_PAGE } from '../../work-task-search';
import { FinishModal } from '../finish-modal';

/** The states to show, the most pressing first. */
const STATES = [
  { value: String(TODO), label: '待完成' },
  { value: String(OVERDUE), label: '已逾期' },
  { value: String(DONE), label: '已完成' },
  { value: String(ALL), label: '全部' },
];

const STEP_CHOICES = withAll(STEPS, '全部环节');
const COURSE_CHOICES = withAll(COURSES, '全部课程');

export const MY_TASK_TABLE = '我的任务列表';

interface MyFilters {
  status: number;
  stepCode: string;
  tabType: string;
}

/** The call's body: 全部 is left out. */
function mySearch({ status, stepCode, tabType }: MyFilters, pageNo: number): MyWorkTaskSearch {
  return {
    ...(status !== ALL ? { status } : {}),
    ...(stepCode !== ALL_VALUE ? { stepCode } : {}),
    ...(tabType !== ALL_VALUE ? { tabType } : {}),
    pageNo,
    pageSize: FIRST_PAGE.pageSize,
  };
}

/** The columns with the task's name opening its page, and 完成 on the tasks not done. */
function myColumns(finish: (task: WorkTaskRow) => void): ListTableColumn<WorkTaskRow>[] {
  const columns = toListColumns(MY_TASK_COLUMNS).map((c) =>
    c.accessor === 'taskName'
      ? {
          ...c,
          render: (task: WorkTaskRow) => (
            <Anchor component={Link} to={taskDetailPath(task.id)} size="sm">
              {formatText(task.taskName)}
            </Anchor>
          ),
        }
      : c,
  );
  const actions: ListTableColumn<WorkTaskRow> = {
    accessor: 'actions',
    title: '操作',
    toggleable: false,
    resizable: false,
    fixed: 'right',
    width: 120,
    render: (task) => (
      <Group gap={4} wrap="nowrap">
        {task.status !== DONE && (
          <Button size="compact-xs" variant="light" aria-label={`完成 ${taskLabel(task)}`} onClick={() => finish(task)}>
            完成
          </Button>
        )}
        <Anchor component={Link} to={taskDetailPath(task.id)} size="xs" aria-label={`详情 ${taskLabel(task)}`}>
          详情
        </Anchor>
      </Group>
    ),
  };
  return [...columns, actions];
}

/**
 * /easyServer/myTask (我的任务): the caller's service steps of first and trial lessons — the
 * counts by state, the tasks of a state (待完成 first) narrowed by step and course, the most
 * pressing first; a task not done is finished here with a note, or opened.
 */
export function MyTask() {
  const [filters, setFilters] = useState<MyFilters>({ status: TODO, stepCode: ALL_VALUE, tabType: ALL_VALUE });
  const searchKey = JSON.stringify(filters);
  const [paging, setPaging] = useState<{ searchKey: string; pageNo: number }>({ searchKey, pageNo: FIRST_PAGE.pageNo });
  const pageNo = paging.searchKey === searchKey ? paging.pageNo : FIRST_PAGE.pageNo;
  const [finishing, setFinishing] = useState<WorkTaskRow | null>(null);

  const count = useMyTaskCount();
  const query = useMyTasks(mySearch(filters, pageNo));
  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FIRST_PAGE.pageSize));
  const counts = count.data;
  const edit = (patch: Partial<MyFilters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <Stack p="md" gap="md">
      <Title order={4}>我的任务</Title>
      <StatCards
        title="任务概览"
        busy={count.isFetching}
        cols={{ base: 2, sm: 4 }}
        items={[
          { label: '待完成', value: formatCount(counts?.todo) },
          { label: '已逾期', value: formatCount(counts?.overdue) },
          { label: '已完成', value: formatCount(counts?.done) },
          { label: '不合格', value: formatCount(counts?.unqualified) },
        ]}
      />
      <Group gap="sm" align="flex-end" role="search" aria-label="筛选条件">
        <SegmentedControl
          aria-label="任务状态"
          data={STATES}
          value={String(filters.status)}
          onChange={(v) => edit({ status: Number(v) })}
        />
        <Select
          size="xs"
          w={130}
          label="环节"
          data={STEP_CHOICES}
          value={filters.stepCode}
          onChange={(v) => edit({ stepCode: v ?? ALL_VALUE })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          size="xs"
          w={130}
          label="课程类型"
          data={COURSE_CHOICES}
          value={filters.tabType}
          onChange={(v) => edit({ tabType: v ?? ALL_VALUE })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <ListTable<WorkTaskRow>
        label={MY_TASK_TABLE}
        storeKey="work-task-mine"
        columns={myColumns(setFinishing)}
        records={records}
        idAccessor="id"
        rowAttributes={(task) => ({ 'aria-label': taskLabel(task) })}
        noRecordsText={query.isPending ? '加载中…' : '暂无任务'}
        fetching={query.isFetching}
        pinFirstColumn
      />
      <ListFooter page={pageNo} pages={pages} total={total} onPageChange={(p) => setPaging({ searchKey, pageNo: p })} />
      <FinishModal task={finishing} onClose={() => setFinishing(null)} />
    </Stack>
  );
}
