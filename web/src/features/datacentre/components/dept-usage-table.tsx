import { Stack, Text } from '@mantine/core';
import { ListTable } from '@/components/data-table/list-table';
import { toListColumns } from '@/components/data-table/report-column';
import type { DcSearch } from '@/generated/DcSearch';
import { DEPT_USAGE_TABLE } from '../activity-reports';
import { useDeptUsage } from '../api/activity-summaries';
import { DEPT_USAGE_COLUMNS } from '../columns/usage-columns';
import { reportStoreKey } from '../reports';

/**
 * 部门汇总 of 系统使用统计 (02 §7.5 deptSummaryList): every department's teachers and how many
 * use the platform validly, by school and department, in one list (the server neither pages nor
 * sorts it), with its column settings.
 */
export function DeptUsageTable({ search }: { search: DcSearch }) {
  const query = useDeptUsage(search);
  const rows = query.data ?? [];
  return (
    <Stack gap="xs">
      <ListTable
        label={DEPT_USAGE_TABLE.title}
        storeKey={reportStoreKey({ excelType: null, settingsName: DEPT_USAGE_TABLE.settingsName })}
        columns={toListColumns(DEPT_USAGE_COLUMNS)}
        records={rows}
        idAccessor={(r) => `${r.schoolName}-${r.deptName}`}
        rowAttributes={(r) => ({ 'aria-label': `${r.schoolName} ${r.deptName}` })}
        noRecordsText="暂无数据"
        fetching={query.isFetching}
      />
      <Text size="xs" c="dimmed">
        共 {rows.length} 条
      </Text>
    </Stack>
  );
}
