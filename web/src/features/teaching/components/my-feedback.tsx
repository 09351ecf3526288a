import { Button, Group, Select, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DateRangeField } from '@/components/ui/date-range-field';
import { Limits } from '@/generated/codes';
import type { DueReportRow } from '@/generated/DueReportRow';
import type { MyReportRow } from '@/generated/MyReportRow';
import type { MyReportsRequest } from '@/generated/MyReportsRequest';
import { dateRangeError, type DayRange } from '@/lib/day-range';
import { useDueReports, useMyReports } from '../api/reports';
import { isReportStage, REPORT_STAGES, type ReportStage } from '../teaching-dict';
import { type FeedbackTab, isFeedbackTab } from '../teaching-paths';
import { usePageNo } from '../use-page-no';
import { PagedTable } from './paged-table';
import { DUE_REPORT_COLUMNS, reportColumns } from './report-columns';

const PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;

/** The reports I still owe: students present at my lessons of the last 7 days, report not submitted. */
function DueReports() {
  const [pageNo, setPageNo] = usePageNo('');
  const query = useDueReports(pageNo, PAGE_SIZE);
  return (
    <PagedTable<DueReportRow>
      label="待写反馈"
      storeKey="teaching-due-reports"
      columns={DUE_REPORT_COLUMNS}
      query={query}
      pageNo={pageNo}
      pageSize={PAGE_SIZE}
      onPageChange={setPageNo}
      idAccessor={(r) => `${r.lessonId}|${r.studentId}`}
      rowLabel={(r) => `${r.studentName} ${r.className} ${r.lessonTitle}`}
      noRecordsText="近7天的反馈都已提交"
    />
  );
}

const ALL_STAGES = 'all';
const STAGE_OPTIONS = [
  { value: ALL_STAGES, label: '全部' },
  ...REPORT_STAGES.map((s) => ({ value: s.stage, label: s.text })),
];

interface ReportSearch {
  stage: ReportStage | null;
  keyword: string;
  range: DayRange | null;
}

function toRequest({ stage, keyword, range }: ReportSearch): MyReportsRequest {
  return {
    stage: stage ?? undefined,
    keyword: keyword || undefined,
    from: range?.[0],
    to: range?.[1],
  };
}

/** Every report I write or co-write, by stage, keyword and lesson days. */
function AllReports() {
  const [search, setSearch] = useState<ReportSearch>({ stage: null, keyword: '', range: null });
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<DayRange | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const request = toRequest(search);
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(request));
  const query = useMyReports({ ...request, pageNo, pageSize: PAGE_SIZE });

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const error = dateRangeError(range);
    setRangeError(error);
    if (!error) setSearch((s) => ({ ...s, keyword: keyword.trim(), range }));
  };

  return (
    <Stack gap="sm">
      <form onSubmit={submit} role="search" aria-label="筛选条件">
        <Group gap="sm" align="flex-end">
          <Select
            size="xs"
            label="状态"
            data={STAGE_OPTIONS}
            value={search.stage ?? ALL_STAGES}
            allowDeselect={false}
            onChange={(v) => setSearch((s) => ({ ...s, stage: isReportStage(v) ? v : null }))}
            w={120}
          />
          <DateRangeField value={range} error={rangeError} onChange={setRange} />
          <TextInput
            size="xs"
            label="关键词"
            placeholder="学员、班级或课次"
            maxLength={50}
            value={keyword}
            onChange={(e) => setKeyword(e.currentTarget.value)}
            w={200}
          />
          <Button size="xs" type="submit">
            查询
          </Button>
        </Group>
      </form>
      <PagedTable<MyReportRow>
        label="全部反馈"
        storeKey="teaching-reports"
        columns={reportColumns()}
        query={query}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        idAccessor="reportId"
        rowLabel={(r) => `${r.studentName} ${r.className} ${r.lessonTitle}`}
        noRecordsText="暂无反馈报告"
      />
    </Stack>
  );
}

/**
 * 我的反馈 (/easyServer/myFeedback): 待写反馈 (the reports I still owe, each written or continued
 * in the editor) and 全部反馈 (every report I write or co-write, by stage). The tab is in the
 * URL (`tab`), so the home's to-do count opens 待写反馈.
 */
export function MyFeedback() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: FeedbackTab = isFeedbackTab(tabParam) ? tabParam : 'due';
  return (
    <Stack p="md" gap="md">
      <Title order={4}>我的反馈</Title>
      <Tabs
        value={tab}
        onChange={(v) => setParams({ tab: isFeedbackTab(v) ? v : 'due' }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label="我的反馈">
          <Tabs.Tab value="due">待写反馈</Tabs.Tab>
          <Tabs.Tab value="all">全部反馈</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="due" pt="sm">
          <DueReports />
        </Tabs.Panel>
        <Tabs.Panel value="all" pt="sm">
          <AllReports />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
