import { Stack, Text, Title } from '@mantine/core';
import { CellBadge } from '@/components/data-table/cell-badge';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import type { LivePatrolRow } from '@/generated/LivePatrolRow';
import { formatInstant, formatText } from '@/lib/report-format';
import { usePatrols } from '../api/patrols';
import { lessonStateText, PATROL_PROBLEM } from '../live-dict';

export const PATROL_TABLE = '巡课记录';

const COLUMNS: ListTableColumn<LivePatrolRow>[] = [
  { accessor: 'createdAt', title: '巡课时间', width: 150, render: (r) => formatInstant(r.createdAt) },
  { accessor: 'inspectorName', title: '巡课人', width: 110, render: (r) => formatText(r.inspectorName) },
  {
    accessor: 'result',
    title: '巡课结果',
    width: 100,
    render: (r) => <CellBadge color={r.result === PATROL_PROBLEM ? 'red' : 'green'} text={formatText(r.resultDesc)} />,
  },
  { accessor: 'present', title: '当时在教室', width: 110, render: (r) => String(r.present) },
  { accessor: 'lessonState', title: '当时课程状态', width: 120, render: (r) => lessonStateText(r.lessonState) },
  { accessor: 'remark', title: '备注', width: 260, render: (r) => formatText(r.remark) },
];

/** A record's accessible name: who, when. */
const rowLabel = (r: LivePatrolRow) => `${r.inspectorName} ${formatInstant(r.createdAt)}`;

/** The lesson's patrol records, newest first (a region 巡课记录); each patrol reads them again. */
export function PatrolRecords({ lessonId }: { lessonId: number }) {
  const query = usePatrols(lessonId);
  const rows = query.data ?? [];
  return (
    <Stack gap="xs" component="section" aria-label={PATROL_TABLE}>
      <Title order={5}>{PATROL_TABLE}</Title>
      <ListTable<LivePatrolRow>
        label={PATROL_TABLE}
        storeKey="live-lesson-patrols"
        columns={COLUMNS}
        records={rows}
        idAccessor="id"
        rowAttributes={(r) => ({ 'aria-label': rowLabel(r) })}
        noRecordsText={query.isPending ? '加载中…' : '暂无巡课记录'}
        fetching={query.isFetching}
      />
      <Text size="xs" c="dimmed">
        共 {rows.length} 条
      </Text>
    </Stack>
  );
}
