import { SegmentedControl, Stack, Text, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { ReportTable } from '@/features/datacentre/components/report-table';
import { type DcSearchState, defaultDcSearch } from '@/features/datacentre/dc-search';
import type { ExportReport } from '@/features/datacentre/report-export';
import type { ReportDef } from '@/features/datacentre/reports';
import type { DcSearch } from '@/generated/DcSearch';
import type { WorkTaskStatRow } from '@/generated/WorkTaskStatRow';
import { WORK_TASK_STAT_PATH } from '../../api/work-task-keys';
import { statColumns } from '../../columns/stat-columns';
import { useWorkTaskScope } from '../../hooks/use-work-task-scope';
import {
  STAT_TYPES,
  type StatType,
  statTypeOf,
  toWorkTaskWire,
  type WorkTaskFilters,
  type WorkTaskScope,
} from '../../work-task-search';
import { setStatType, useStatType, useWorkTaskFilters } from '../../work-task-search-store';
import { ScreenTitle } from '../screen-title';
import { WorkTaskFilterBar } from '../work-task-filter-bar';
import { StatChart } from './stat-chart';

const SUMMARY_LABEL = '合计';

/** The statistics have no export. */
const NO_EXPORT: ExportReport = () => undefined;

/**
 * The statistics as a data-centre report: read a page at a time, sorted by the server, the
 * totals (`summary`) first as the 合计 row. Its call takes the work tasks' search: the report
 * table's paging and sort, with the filters and the grouping.
 */
function statReport(filters: WorkTaskFilters, statType: StatType): ReportDef<WorkTaskStatRow> {
  const label = STAT_TYPES.find((t) => t.value === statType)?.label ?? '';
  return {
    excelType: null,
    settingsName: `work-task-stat-${statType}`,
    title: `工作任务统计（按${label}）`,
    path: WORK_TASK_STAT_PATH,
    request: (wire: DcSearch) =>
      toWorkTaskWire(
        filters,
        { schoolId: wire.schoolId ?? -1, subjects: wire.subjects },
        { pageNo: wire.pageNo, pageSize: wire.pageSize, sortInfo: wire.sortInfo, statType },
      ),
    columns: statColumns(statType),
    rowKey: (r) => r.key,
    rowLabel: (r) => r.name || SUMMARY_LABEL,
    totalsRow: (summary) => ({ ...summary, key: '', name: SUMMARY_LABEL, schoolName: '' }),
  };
}

/** The report table's search: the period, school, areas, subjects and keywords (its paging follows them). */
function reportSearch(filters: WorkTaskFilters, scope: WorkTaskScope): DcSearchState {
  return {
    ...defaultDcSearch(new Date()),
    dateVal: filters.dateVal,
    fiscalYear: filters.fiscalYear,
    quarterCode: filters.quarterCode,
    schoolId: scope.schoolId,
    areaCodes: [...filters.areaCodes],
    subjects: [...scope.subjects],
    teacherEmail: filters.teacherEmail,
    studentNoAndName: filters.studentNoAndName,
  };
}

export interface WorkTaskStatisticsProps {
  /** The session's school selector (the app hands it in). */
  schoolSelector?: ReactNode;
}

/**
 * /qualityCheckManagement/workTaskStatistics (工作任务统计): the work tasks of the lessons searched
 * by executor, school or step — how many, done, on time, overdue, checked, qualified and the
 * rates — with the 合计 row and a chart of the page's done and qualified rates.
 */
export function WorkTaskStatistics({ schoolSelector }: WorkTaskStatisticsProps) {
  const scope = useWorkTaskScope();
  const filters = useWorkTaskFilters(scope.schoolId);
  const statType = useStatType();
  const { tabType, stepCode, executorRole, status, qcStatus } = filters;
  // Another grouping or task filter starts the table again (page 1, the server's order).
  const tableKey = JSON.stringify([statType, tabType, stepCode, executorRole, status, qcStatus]);

  return (
    <Stack p="md" gap="md">
      <ScreenTitle title="工作任务统计" schoolSelector={schoolSelector} />
      <WorkTaskFilterBar />
      <Group gap="xs">
        <Text size="sm">统计方式</Text>
        <SegmentedControl
          size="xs"
          aria-label="统计方式"
          data={STAT_TYPES.map((t) => ({ value: t.value, label: t.label }))}
          value={statType}
          onChange={(v) => setStatType(statTypeOf(v))}
        />
      </Group>
      <ReportTable<WorkTaskStatRow>
        key={tableKey}
        report={statReport(filters, statType)}
        search={reportSearch(filters, scope)}
        exportReport={NO_EXPORT}
        below={(records) => <StatChart records={records} />}
      />
    </Stack>
  );
}
