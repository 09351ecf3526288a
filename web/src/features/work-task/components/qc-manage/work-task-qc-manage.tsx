import { Button, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { toListColumns } from '@/components/data-table/report-column';
import { GuardedButton } from '@/components/ui/guarded-button';
import type { ExportReport } from '@/features/datacentre/report-export';
import type { WorkTaskCheckResult } from '@/generated/WorkTaskCheckResult';
import type { WorkTaskRow } from '@/generated/WorkTaskRow';
import { showSuccess } from '@/lib/toast';
import { useQcTasks } from '../../api/qc';
import { QC_TASK_COLUMNS, qcExportColumns } from '../../columns/task-columns';
import { useWorkTaskScope } from '../../hooks/use-work-task-scope';
import { DONE, taskLabel } from '../../work-task-dict';
import { FIRST_PAGE, toWorkTaskWire } from '../../work-task-search';
import { useWorkTaskFilters } from '../../work-task-search-store';
import { ScreenTitle } from '../screen-title';
import { WorkTaskFilterBar } from '../work-task-filter-bar';
import { CheckModal } from './check-modal';
import { CheckResultModal } from './check-result-modal';

export const QC_TASK_TABLE = '工作任务列表';

/** The export's file name. */
const BUSINESS_NAME = '工作任务质检';

function actionsColumn(check: (task: WorkTaskRow) => void): ListTableColumn<WorkTaskRow> {
  return {
    accessor: 'actions',
    title: '操作',
    toggleable: false,
    resizable: false,
    fixed: 'right',
    width: 90,
    render: (task) => (
      <Button
        size="compact-xs"
        variant="subtle"
        disabled={task.status !== DONE}
        title={task.status === DONE ? undefined : '任务完成后才能质检'}
        aria-label={`质检 ${taskLabel(task)}`}
        onClick={() => check(task)}
      >
        质检
      </Button>
    ),
  };
}

export interface WorkTaskQcManageProps {
  /** Submits an export (the app hands in the download feature's). */
  exportReport: ExportReport;
  /** The session's school selector (the app hands it in). */
  schoolSelector?: ReactNode;
}

/**
 * /qualityCheckManagement/workTaskQcManage (工作任务质检): the service steps of the first and
 * trial lessons in the period, school and subjects searched, as their executors did them; a done
 * task is checked alone (质检) or with others picked (批量质检): 合格, or 不合格 with a remark.
 * What the check did is reported: a toast, or the tasks it left alone and why. 导出 writes the
 * tasks searched (every page) with the shown columns, in the order drawn (excelType workTasks).
 */
export function WorkTaskQcManage({ exportReport, schoolSelector }: WorkTaskQcManageProps) {
  const scope = useWorkTaskScope();
  const filters = useWorkTaskFilters(scope.schoolId);
  const searchKey = JSON.stringify([filters, scope]);
  const [paging, setPaging] = useState<{ searchKey: string; pageNo: number }>({ searchKey, pageNo: FIRST_PAGE.pageNo });
  const pageNo = paging.searchKey === searchKey ? paging.pageNo : FIRST_PAGE.pageNo;
  // The tasks picked are those of the search shown: another search starts with none.
  const [picked, setPicked] = useState<{ searchKey: string; tasks: WorkTaskRow[] }>({ searchKey, tasks: [] });
  const selected = picked.searchKey === searchKey ? picked.tasks : [];
  const setSelected = (tasks: WorkTaskRow[]) => setPicked({ searchKey, tasks });
  const [checking, setChecking] = useState<WorkTaskRow[]>([]);
  const [checked, setChecked] = useState<{ result: WorkTaskCheckResult; tasks: readonly WorkTaskRow[] } | null>(null);

  const query = useQcTasks(toWorkTaskWire(filters, scope, { pageNo, pageSize: FIRST_PAGE.pageSize }));
  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FIRST_PAGE.pageSize));

  const onChecked = (result: WorkTaskCheckResult, tasks: readonly WorkTaskRow[]) => {
    setSelected(selected.filter((p) => !tasks.some((t) => t.id === p.id)));
    if (result.skipped.length === 0) showSuccess(`已质检 ${result.checked} 条任务`);
    else setChecked({ result, tasks });
  };

  return (
    <Stack p="md" gap="md">
      <ScreenTitle title="工作任务质检" schoolSelector={schoolSelector} />
      <WorkTaskFilterBar />
      <ListTable<WorkTaskRow>
        label={QC_TASK_TABLE}
        storeKey="work-task-qc"
        columns={[...toListColumns(QC_TASK_COLUMNS), actionsColumn((task) => setChecking([task]))]}
        records={records}
        idAccessor="id"
        rowAttributes={(task) => ({ 'aria-label': taskLabel(task) })}
        noRecordsText={query.isPending ? '加载中…' : '暂无任务'}
        fetching={query.isFetching}
        pinFirstColumn
        selection={{ selected, onChange: setSelected, label: taskLabel }}
        toolbar={({ shownColumns }) => (
          <>
            <Button size="xs" variant="light" disabled={selected.length === 0} onClick={() => setChecking(selected)}>
              批量质检{selected.length > 0 ? `（${selected.length}）` : ''}
            </Button>
            <GuardedButton
              size="xs"
              variant="light"
              aria-label={`导出${QC_TASK_TABLE}`}
              // The total is the search shown's once it is read (not the previous search's).
              disabled={query.isFetching || total === 0}
              onClick={() =>
                exportReport({
                  excelType: 'workTasks',
                  businessName: BUSINESS_NAME,
                  reqParams: toWorkTaskWire(filters, scope, { columns: qcExportColumns(shownColumns) }),
                  total,
                })
              }
            >
              导出
            </GuardedButton>
          </>
        )}
      />
      <ListFooter page={pageNo} pages={pages} total={total} onPageChange={(p) => setPaging({ searchKey, pageNo: p })} />
      <CheckModal tasks={checking} onClose={() => setChecking([])} onChecked={onChecked} />
      <CheckResultModal
        result={checked?.result ?? null}
        tasks={checked?.tasks ?? []}
        onClose={() => setChecked(null)}
      />
    </Stack>
  );
}
