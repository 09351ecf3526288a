import { Group, Stack, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ListTable } from '@/components/data-table/list-table';
import { type ReportColumn, toListColumns } from '@/components/data-table/report-column';
import type { StudentDynamicStatRow } from '@/generated/StudentDynamicStatRow';
import { formatCount, formatDcRate } from '@/lib/report-format';
import { useSession } from '@/lib/session';
import { useDynamicStatistics } from '../api/dynamics';
import { ALL } from '../student-dynamic-dict';
import { defaultDynamicFilters, type DynamicFilters, toDynamicWire } from '../student-dynamic-search';
import { DynamicFilterBar } from './dynamic-filter-bar';
import { DynamicList } from './dynamic-list';

export const STAT_TABLE = '学员动态统计';

const STAT_COLUMNS: readonly ReportColumn<StudentDynamicStatRow>[] = [
  // The server names its total row (kind 0) 合计.
  { prop: 'kindName', label: '类型', minWidth: 140 },
  { prop: 'total', label: '动态数', format: (r) => formatCount(r.total) },
  { prop: 'followed', label: '已跟进', format: (r) => formatCount(r.followed) },
  {
    prop: 'followRate',
    label: '跟进率',
    tooltip: '已跟进 ÷ 动态数',
    format: (r) => formatDcRate(r.followRate),
  },
];

export interface StudentDynamicManageProps {
  /** The session's school selector (the app hands it in). */
  schoolSelector?: ReactNode;
}

/**
 * /qualityCheckManagement/studentDynamicManage (学员动态管理): for managers, the dynamics of the
 * students in their scope under the header's school — how many of each kind and how many were
 * followed up in the period, then the list itself, where a manager may follow up too.
 */
export function StudentDynamicManage({ schoolSelector }: StudentDynamicManageProps) {
  const [filters, setFilters] = useState<DynamicFilters>(() => defaultDynamicFilters(new Date()));
  const schoolId = useSession((s) => s.user?.selectedSchool.id ?? ALL);
  const search = toDynamicWire(filters, schoolId);
  // The statistics cover every kind and state (the server ignores those filters): choosing
  // them must not read the figures again.
  const statistics = useDynamicStatistics(toDynamicWire({ ...filters, kind: ALL, followed: ALL }, schoolId));

  return (
    <Stack p="md" gap="md">
      <Group gap="sm" align="center">
        <Title order={4}>学员动态管理</Title>
        {schoolSelector}
      </Group>
      <DynamicFilterBar value={filters} onApply={setFilters} />
      <ListTable<StudentDynamicStatRow>
        label={STAT_TABLE}
        storeKey="student-dynamic-statistics"
        columns={toListColumns(STAT_COLUMNS)}
        records={statistics.data ?? []}
        idAccessor="kind"
        noRecordsText={statistics.isPending ? '加载中…' : '暂无统计'}
        fetching={statistics.isFetching}
      />
      <DynamicList search={search} storeKey="student-dynamic-manage" />
    </Stack>
  );
}
