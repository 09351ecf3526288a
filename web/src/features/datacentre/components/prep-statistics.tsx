import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import type { PrepScreenDef } from '../activity-reports';
import { prepSummaryItems } from '../activity-figures';
import { usePrepSummary } from '../api/activity-summaries';
import { type FilterField, REPORT_FILTERS, shownDcFilters, toWire } from '../dc-search';
import { useDcSearch } from '../dc-search-store';
import type { ExportReport } from '../report-export';
import { FilterBar } from './filter-bar';
import { ReportTable } from './report-table';
import { StatCards } from './stat-card';

/** The usual filters, the tenure and length bands and the lesson-preparation filter sets. */
const PREP_FILTERS: readonly FilterField[] = [
  ...REPORT_FILTERS,
  'teacherTeachTime',
  'lessonDuringTime',
  'bindResLesson',
  'publishResource',
  'recycleResource',
  'isRecycle',
  'isSendFeedbackReport',
  'noRecycleCause',
];

type PrepTab = 'teachers' | 'lessons';

export interface PrepStatisticsProps {
  prep: PrepScreenDef;
  exportReport: ExportReport;
}

/**
 * A lesson-preparation screen (02 §2, §7.2), one-on-one or class: the period's totals, then
 * 老师汇总 (a teacher per row) and 课节明细 (a held lesson per row). Only the open tab reads.
 */
export function PrepStatistics({ prep, exportReport }: PrepStatisticsProps) {
  const search = shownDcFilters(useDcSearch(), PREP_FILTERS);
  const summary = usePrepSummary(prep.summaryPath, toWire(search));
  const [tab, setTab] = useState<PrepTab>('teachers');
  return (
    <Stack p="md" gap="md">
      <Title order={4}>{prep.title}</Title>
      <FilterBar fields={PREP_FILTERS} />
      <StatCards title="备课概览" items={prepSummaryItems(summary.data)} loading={summary.isFetching} />
      <Tabs value={tab} onChange={(v) => setTab(v === 'lessons' ? 'lessons' : 'teachers')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="teachers">老师汇总</Tabs.Tab>
          <Tabs.Tab value="lessons">课节明细</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="teachers" pt="sm">
          <ReportTable report={prep.teachers} search={search} exportReport={exportReport} />
        </Tabs.Panel>
        <Tabs.Panel value="lessons" pt="sm">
          <ReportTable report={prep.lessons} search={search} exportReport={exportReport} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
