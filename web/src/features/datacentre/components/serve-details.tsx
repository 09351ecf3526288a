import { Stack, Title } from '@mantine/core';
import type { FilterField } from '../dc-search';
import { useDcSearch } from '../dc-search-store';
import type { ExportReport } from '../report-export';
import { SERVICE_PUNCHES } from '../reports';
import { FilterBar } from './filter-bar';
import { ReportTable } from './report-table';

/** The filters the QC search knows (no product, project or tenure filters). */
const SERVICE_FILTERS: readonly FilterField[] = ['date', 'fiscal', 'area', 'grade', 'teacher', 'student'];

/**
 * /dataCenter/serveDetails: the service punch records of the header's school and subjects
 * (02 §2, §3.2, §7.6), read only, read again when the source records change, exported in the
 * shown columns.
 */
export function ServeDetails({ exportReport }: { exportReport: ExportReport }) {
  const search = useDcSearch();
  return (
    <Stack p="md" gap="md">
      <Title order={4}>服务明细</Title>
      <FilterBar fields={SERVICE_FILTERS} />
      <ReportTable report={SERVICE_PUNCHES} search={search} exportReport={exportReport} />
    </Stack>
  );
}
