import { DonutChart } from '@mantine/charts';
import { Group, List, Text } from '@mantine/core';
import type { DcSearch } from '@/generated/DcSearch';
import { formatCount } from '@/lib/report-format';
import { useVipStudentStat } from '../api/databoard';
import { studentStatSlices } from '../board-figures';
import { ChartCard } from './chart-card';

/** One-on-one students by state at the period's end, with the counts beside the donut. */
export function StudentStatChart({ search }: { search: DcSearch }) {
  const stat = useVipStudentStat(search).data;
  const slices = studentStatSlices(stat);
  return (
    <ChartCard title="一对一学员状态" empty={!stat || stat.total === 0}>
      <Group justify="space-around" wrap="nowrap">
        <DonutChart data={slices} chartLabel={`共 ${formatCount(stat?.total)} 人`} size={180} thickness={24} />
        <List size="sm" spacing={4} listStyleType="none" aria-label="学员状态">
          {slices.map((s) => (
            <List.Item key={s.name}>
              <Text span size="sm">
                {s.name} {formatCount(s.value)}
              </Text>
            </List.Item>
          ))}
        </List>
      </Group>
    </ChartCard>
  );
}
