import { BarChart } from '@mantine/charts';
import type { DcSearch } from '@/generated/DcSearch';
import { formatDcRate } from '@/lib/report-format';
import { useStayRates } from '../api/databoard';
import { stayRateBars } from '../board-figures';
import { ChartCard } from './chart-card';

/** Of the students who attended in a month, the share who attended again the next month. */
export function StayRateChart({ search }: { search: DcSearch }) {
  const rates = useStayRates(search).data ?? [];
  return (
    <ChartCard title="一对一留存率" empty={rates.length === 0}>
      <BarChart
        h={260}
        data={stayRateBars(rates)}
        dataKey="month"
        series={[{ name: 'stayRate', label: '留存率', color: 'teal.6' }]}
        // The formatter writes the percent sign: no `unit`, which recharts and the tooltip append.
        valueFormatter={(v) => formatDcRate(v / 100)}
      />
    </ChartCard>
  );
}
