// 知识库统计 (/knowledgeRepository/statistics): the storage used against the quota; the items
// received, sent and in the recycle bin; per space its live items and bytes by type with a 合计
// row; and a chart of the items of each type across all spaces. One call gives the figures
// (POST /api/document/statistics); a pushed drive change reads them again.

import { BarChart } from '@mantine/charts';
import { Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { StatCards } from '@/components/stat-cards';
import type { DriveSpaceStatistics } from '@/generated/DriveSpaceStatistics';
import { formatFileSize } from '@/lib/format';
import type { RealtimeClient } from '@/lib/realtime';
import { useDriveStatistics } from '../api/statistics';
import { useDriveLive } from '../api/use-drive-live';
import { quotaPercent } from '../drive-rules';
import { itemsByType, type TypeRow, typeRows } from '../drive-stats';

const bold = (row: TypeRow, text: string) => (
  <Text span size="sm" fw={row.summary ? 700 : undefined}>
    {text}
  </Text>
);

const COLUMNS: ListTableColumn<TypeRow>[] = [
  { accessor: 'label', title: '类型', toggleable: false, render: (r) => bold(r, r.label) },
  { accessor: 'count', title: '数量', textAlign: 'right', render: (r) => bold(r, String(r.count)) },
  { accessor: 'bytes', title: '大小', textAlign: 'right', render: (r) => bold(r, formatFileSize(r.bytes)) },
];

/** A space's counts and sizes by type. */
function SpaceTable({ space, fetching }: { space: DriveSpaceStatistics; fetching: boolean }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={space.name}>
      <Group justify="space-between" mb="xs">
        <Title order={5}>{space.name}</Title>
        <Text size="sm" c="dimmed">
          共 {space.items} 项 · {formatFileSize(space.bytes)}
        </Text>
      </Group>
      <ListTable<TypeRow>
        label={`${space.name}：按类型`}
        storeKey={`drive-statistics-${space.teamId}`}
        columns={COLUMNS}
        records={typeRows(space)}
        idAccessor="key"
        rowAttributes={(r) => ({ 'aria-label': r.label, 'data-summary': r.summary ? 'true' : undefined })}
        noRecordsText="暂无数据"
        fetching={fetching}
      />
    </Paper>
  );
}

/** The items of each type across all spaces. */
function TypesChart({ spaces }: { spaces: readonly DriveSpaceStatistics[] }) {
  const data = itemsByType(spaces);
  const title = '各类型项目数（全部空间）';
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Title order={5} mb="xs">
        {title}
      </Title>
      {data.every((d) => d.count === 0) ? (
        <Center h={200}>
          <Text size="sm" c="dimmed">
            暂无数据
          </Text>
        </Center>
      ) : (
        <BarChart
          h={260}
          data={data}
          dataKey="type"
          series={[{ name: 'count', label: '项目数', color: 'blue.6' }]}
          valueFormatter={(v) => String(v)}
        />
      )}
    </Paper>
  );
}

export interface DriveStatisticsProps {
  title?: string;
  /** The push client that says the drive changed (the app's by default). */
  realtime?: RealtimeClient;
}

export function DriveStatistics({ title = '知识库统计', realtime }: DriveStatisticsProps) {
  useDriveLive(undefined, realtime);
  const query = useDriveStatistics();
  const stats = query.data;
  const quota = stats?.quota;
  const count = (n: number | undefined) => (n === undefined ? '-' : String(n));
  return (
    <Stack p="md" gap="lg" data-testid="drive-statistics">
      <Title order={4}>{title}</Title>
      <StatCards
        title="存储空间"
        busy={query.isFetching}
        items={[
          { label: '已用', value: quota ? formatFileSize(quota.used) : '-' },
          { label: '总量', value: quota ? formatFileSize(quota.limit) : '-' },
          { label: '使用比例', value: quota ? `${quotaPercent(quota).toFixed(1)}%` : '-' },
        ]}
        cols={{ base: 3 }}
      />
      <StatCards
        title="共享与回收站"
        busy={query.isFetching}
        items={[
          { label: '收到的', value: count(stats?.received) },
          { label: '发出的', value: count(stats?.sent) },
          { label: '回收站', value: count(stats?.recycle) },
        ]}
        cols={{ base: 3 }}
      />
      <Stack gap="sm" component="section" aria-label="各空间">
        <Title order={5}>各空间</Title>
        {query.isPending ? (
          <Loader size="sm" aria-label="加载中" />
        ) : (
          stats?.spaces.map((s) => <SpaceTable key={s.teamId} space={s} fetching={query.isFetching} />)
        )}
      </Stack>
      {stats && <TypesChart spaces={stats.spaces} />}
    </Stack>
  );
}
