import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { type UsageScreenDef, usageSearch } from '../activity-reports';
import { usageSummaryItems } from '../activity-figures';
import { useUsageSummary } from '../api/activity-summaries';
import { REPORT_FILTERS, shownDcFilters, toWire } from '../dc-search';
import { useDcSearch } from '../dc-search-store';
import type { ExportReport } from '../report-export';
import { DeptUsageTable } from './dept-usage-table';
import { FilterBar } from './filter-bar';
import { ReportTable } from './report-table';
import { StatCards } from './stat-card';

type UsageTab = 'teachers' | 'students' | 'departments';

const isUsageTab = (v: string | null): v is UsageTab => v === 'teachers' || v === 'students' || v === 'departments';

export interface UsageStatisticsProps {
  usage: UsageScreenDef;
  exportReport: ExportReport;
}

/**
 * A platform-usage screen (02 §2, §7.5): one-on-one, or a class-side view (classes, small
 * groups, every lesson, the system) whose calls carry its usageType. The period's totals, then
 * 老师 and 学员, or 老师 and 部门汇总 in the system view. Only the open tab reads.
 */
export function UsageStatistics({ usage, exportReport }: UsageStatisticsProps) {
  const search = shownDcFilters(useDcSearch(), REPORT_FILTERS);
  const wire = toWire(search);
  const summary = useUsageSummary(usage.summaryPath, usageSearch(usage.usageType, wire));
  const [tab, setTab] = useState<UsageTab>('teachers');
  return (
    <Stack p="md" gap="md">
      <Title order={4}>{usage.title}</Title>
      <FilterBar fields={REPORT_FILTERS} />
      <StatCards title="使用概览" items={usageSummaryItems(summary.data)} loading={summary.isFetching} />
      <Tabs value={tab} onChange={(v) => setTab(isUsageTab(v) ? v : 'teachers')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="teachers">老师</Tabs.Tab>
          {usage.students && <Tabs.Tab value="students">学员</Tabs.Tab>}
          {usage.departments && <Tabs.Tab value="departments">部门汇总</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="teachers" pt="sm">
          <ReportTable report={usage.teachers} search={search} exportReport={exportReport} />
        </Tabs.Panel>
        {usage.students && (
          <Tabs.Panel value="students" pt="sm">
            <ReportTable report={usage.students} search={search} exportReport={exportReport} />
          </Tabs.Panel>
        )}
        {usage.departments && (
          <Tabs.Panel value="departments" pt="sm">
            <DeptUsageTable search={wire} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
