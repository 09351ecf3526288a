import { SimpleGrid, Stack, Title } from '@mantine/core';
import { DEFAULT_DATA_TIME_TYPE, type FilterField, shownDcFilters, toWire } from '../dc-search';
import { setDcDataTimeType, useDcSearch } from '../dc-search-store';
import type { ExportReport } from '../report-export';
import { VIP_STUDENTS } from '../reports';
import { CourseTrendChart } from './course-trend-chart';
import { FilterBar } from './filter-bar';
import { ClassOverviewCards, VipOverviewCards } from './overview-cards';
import { ReportTable } from './report-table';
import { StayRateChart } from './stay-rate-chart';
import { StudentStatChart } from './student-stat-chart';

const BOARD_FILTERS: readonly FilterField[] = ['date', 'fiscal', 'area', 'grade', 'productType', 'productGroup'];

/**
 * /dataCenter/dataBoard (02 §2, §7.4): the class and one-on-one overviews, the one-on-one course
 * trend (day, week or month), stay rates, students by state and the students table.
 */
export function DataBoard({ exportReport }: { exportReport: ExportReport }) {
  const search = shownDcFilters(useDcSearch(), BOARD_FILTERS);
  // Only the trend depends on its buckets: the other figures keep their reads when they change.
  const figures = { ...search, dataTimeType: DEFAULT_DATA_TIME_TYPE };
  const figuresWire = toWire(figures);
  return (
    <Stack p="md" gap="md">
      <Title order={4}>数据看板</Title>
      <FilterBar fields={BOARD_FILTERS} />
      <ClassOverviewCards search={figuresWire} />
      <VipOverviewCards search={figuresWire} />
      <CourseTrendChart
        search={toWire(search)}
        dataTimeType={search.dataTimeType}
        onDataTimeTypeChange={setDcDataTimeType}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <StayRateChart search={figuresWire} />
        <StudentStatChart search={figuresWire} />
      </SimpleGrid>
      <ReportTable report={VIP_STUDENTS} search={figures} exportReport={exportReport} />
    </Stack>
  );
}
