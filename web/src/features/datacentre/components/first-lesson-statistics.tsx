import { Stack, Tabs, Title } from '@mantine/core';
import { shownDcFilters } from '../dc-search';
import { setFirstTabs, useDcSearch, useFirstTabs } from '../dc-search-store';
import { FIRST_COURSES, FIRST_FILTERS, type FirstScreenDef, type FirstTab } from '../first-lesson-reports';
import type { ExportReport } from '../report-export';
import { FilterBar } from './filter-bar';
import { ReportTable } from './report-table';

const DETAIL: FirstTab = 'detail';

export interface FirstLessonStatisticsProps {
  screen: FirstScreenDef;
  exportReport: ExportReport;
}

/**
 * A first-lesson screen (02 §2, §3.3): the course tabs (正价课首课, 试听课) over the screen's
 * groupings — each a statistics table with the 合计 row first — and its detail, a service step
 * of a first or trial lesson per row. The pair of tabs is the screen's in the data-centre state,
 * so it stays while the user visits other screens. Only the open tab reads.
 */
export function FirstLessonStatistics({ screen, exportReport }: FirstLessonStatisticsProps) {
  const search = shownDcFilters(useDcSearch(), FIRST_FILTERS);
  const tabs = useFirstTabs(screen.view);
  const offered = (v: string | null): v is FirstTab => v === DETAIL || screen.groupings.some((g) => g.type === v);
  const setCourse = (v: string | null) => setFirstTabs(screen.view, { tabType: v === 'ST' ? 'ST' : 'ZJ' });
  const setTab = (v: string | null) => {
    if (offered(v)) setFirstTabs(screen.view, { type: v });
  };

  return (
    <Stack p="md" gap="md">
      <Title order={4}>{screen.title}</Title>
      <FilterBar fields={FIRST_FILTERS} />
      <Tabs value={tabs.tabType} onChange={setCourse} variant="pills" keepMounted={false}>
        <Tabs.List aria-label="课程类型">
          {FIRST_COURSES.map((c) => (
            <Tabs.Tab key={c.course} value={c.course}>
              {c.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {FIRST_COURSES.map(({ course }) => (
          <Tabs.Panel key={course} value={course} pt="sm">
            <Tabs value={tabs.type} onChange={setTab} keepMounted={false}>
              <Tabs.List aria-label="统计方式">
                {screen.groupings.map((g) => (
                  <Tabs.Tab key={g.type} value={g.type}>
                    {g.label}
                  </Tabs.Tab>
                ))}
                <Tabs.Tab value={DETAIL}>{screen.detail.label}</Tabs.Tab>
              </Tabs.List>
              {screen.groupings.map((g) => (
                <Tabs.Panel key={g.type} value={g.type} pt="sm">
                  <ReportTable report={g.reports[course]} search={search} exportReport={exportReport} />
                </Tabs.Panel>
              ))}
              <Tabs.Panel value={DETAIL} pt="sm">
                <ReportTable report={screen.detail.reports[course]} search={search} exportReport={exportReport} />
              </Tabs.Panel>
            </Tabs>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
