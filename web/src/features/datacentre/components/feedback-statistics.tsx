import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { FEEDBACK_DETAIL, FEEDBACK_GROUPS } from '../activity-reports';
import type { FeedbackGrouping } from '../columns/feedback-columns';
import { type FilterField, REPORT_FILTERS, shownDcFilters } from '../dc-search';
import { useDcSearch } from '../dc-search-store';
import type { ExportReport } from '../report-export';
import { FilterBar } from './filter-bar';
import { ReportTable } from './report-table';

/** 明细 narrows the due reports by whether a report was sent and created within 24 hours. */
const DETAIL_FILTERS: readonly FilterField[] = [...REPORT_FILTERS, 'isSendFeedbackReport', 'isCreateIn24h'];

type FeedbackTab = 'detail' | FeedbackGrouping;

const isFeedbackTab = (v: string | null): v is FeedbackTab =>
  v === 'detail' || FEEDBACK_GROUPS.some((g) => g.grouping === v);

/**
 * /dataCenter/feedbackStatistics (反馈统计, 02 §2, §7.7): the due feedback reports (a student
 * present at a lesson) in 明细, and their counts and rates by project, subject and teacher, each
 * with the 合计 row first. Only the open tab reads.
 */
export function FeedbackStatistics({ exportReport }: { exportReport: ExportReport }) {
  const [tab, setTab] = useState<FeedbackTab>('detail');
  const fields = tab === 'detail' ? DETAIL_FILTERS : REPORT_FILTERS;
  const search = shownDcFilters(useDcSearch(), fields);
  return (
    <Stack p="md" gap="md">
      <Title order={4}>反馈统计</Title>
      <FilterBar fields={fields} />
      <Tabs value={tab} onChange={(v) => setTab(isFeedbackTab(v) ? v : 'detail')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="detail">明细</Tabs.Tab>
          {FEEDBACK_GROUPS.map((g) => (
            <Tabs.Tab key={g.grouping} value={g.grouping}>
              {g.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="detail" pt="sm">
          <ReportTable report={FEEDBACK_DETAIL} search={search} exportReport={exportReport} />
        </Tabs.Panel>
        {FEEDBACK_GROUPS.map((g) => (
          <Tabs.Panel key={g.grouping} value={g.grouping} pt="sm">
            <ReportTable report={g.report} search={search} exportReport={exportReport} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
