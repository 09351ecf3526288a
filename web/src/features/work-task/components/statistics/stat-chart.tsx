import { BarChart } from '@mantine/charts';
import { ChartCard } from '@/features/datacentre/components/chart-card';
import type { WorkTaskStatRow } from '@/generated/WorkTaskStatRow';
import { formatDcRate } from '@/lib/report-format';

/** A rate as a percentage for the bars; no base (-1) draws no bar. */
const percent = (rate: number) => (rate < 0 ? null : Math.round(rate * 10_000) / 100);

/** The bars of a page of groups: done rate and qualified rate, in percent. */
function statBars(records: readonly WorkTaskStatRow[]) {
  return records.map((r) => ({
    name: r.name || '-',
    doneRate: percent(r.doneRate),
    qualifiedRate: percent(r.qualifiedRate),
  }));
}

/** 完成率 and 合格率 of the groups of the page shown. */
export function StatChart({ records }: { records: readonly WorkTaskStatRow[] }) {
  return (
    <ChartCard title="完成率与合格率" empty={records.length === 0}>
      <BarChart
        h={260}
        data={statBars(records)}
        dataKey="name"
        series={[
          { name: 'doneRate', label: '完成率', color: 'blue.6' },
          { name: 'qualifiedRate', label: '合格率', color: 'teal.6' },
        ]}
        withLegend
        // The formatter writes the percent sign: no `unit`, which recharts and the tooltip append.
        valueFormatter={(v) => (Number.isFinite(v) ? formatDcRate(v / 100) : '/')}
      />
    </ChartCard>
  );
}
