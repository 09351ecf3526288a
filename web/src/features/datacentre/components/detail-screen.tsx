import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { REPORT_FILTERS, shownDcFilters } from '../dc-search';
import { useDcSearch } from '../dc-search-store';
import type { ExportReport } from '../report-export';
import type { ReportDef } from '../reports';
import { FilterBar } from './filter-bar';
import { ReportTable } from './report-table';

export interface DetailScreenProps<T> {
  title: string;
  classReport: ReportDef<T>;
  vipReport: ReportDef<T>;
  exportReport: ExportReport;
}

type Side = 'class' | 'vip';

/**
 * A detail report in two tabs, 班课 (class) and 一对一 (vip), under one filter bar (attendance
 * and refund details, 02 §2). Only the open tab reads its rows.
 */
export function DetailScreen<T>({ title, classReport, vipReport, exportReport }: DetailScreenProps<T>) {
  const search = shownDcFilters(useDcSearch(), REPORT_FILTERS);
  const [side, setSide] = useState<Side>('class');
  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      <FilterBar fields={REPORT_FILTERS} />
      <Tabs value={side} onChange={(v) => setSide(v === 'vip' ? 'vip' : 'class')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="class">班课</Tabs.Tab>
          <Tabs.Tab value="vip">一对一</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="class" pt="sm">
          <ReportTable report={classReport} search={search} exportReport={exportReport} />
        </Tabs.Panel>
        <Tabs.Panel value="vip" pt="sm">
          <ReportTable report={vipReport} search={search} exportReport={exportReport} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
