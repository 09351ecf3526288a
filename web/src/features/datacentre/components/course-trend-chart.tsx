import { LineChart } from '@mantine/charts';
import { SegmentedControl } from '@mantine/core';
import type { DcSearch } from '@/generated/DcSearch';
import { useCourseTrend } from '../api/databoard';
import { useDictPrepare } from '../api/dict';
import type { DataTimeType } from '../dc-search';
import { ChartCard } from './chart-card';

const SERIES = [
  { name: 'lessonCount', label: '课次', color: 'blue.6' },
  { name: 'attendedCount', label: '出勤课次', color: 'teal.6' },
  { name: 'studentCount', label: '学员数', color: 'orange.6' },
];

const isDataTimeType = (v: string): v is DataTimeType => v === 'day' || v === 'week' || v === 'month';

export interface CourseTrendChartProps {
  /** The search with the chosen buckets (dataTimeType). */
  search: DcSearch;
  dataTimeType: DataTimeType;
  onDataTimeTypeChange: (value: DataTimeType) => void;
}

/** One-on-one lessons per day, week or month (the buckets of /dict/prepare, week by default). */
export function CourseTrendChart({ search, dataTimeType, onDataTimeTypeChange }: CourseTrendChartProps) {
  const trend = useCourseTrend(search).data ?? [];
  const buckets = useDictPrepare().data?.dataTimeTypes ?? [];
  return (
    <ChartCard
      title="一对一课程趋势"
      empty={trend.length === 0}
      actions={
        buckets.length > 0 && (
          <SegmentedControl
            size="xs"
            aria-label="统计周期"
            data={buckets.map((b) => ({ value: b.code, label: b.name }))}
            value={dataTimeType}
            onChange={(v) => {
              if (isDataTimeType(v)) onDataTimeTypeChange(v);
            }}
          />
        )
      }
    >
      <LineChart h={260} data={trend} dataKey="period" series={SERIES} withLegend curveType="linear" />
    </ChartCard>
  );
}
