import { BarChart } from '@mantine/charts';
import type { TrainingExamRow } from '@/generated/TrainingExamRow';
import { formatDcRate } from '@/lib/report-format';
import { useReportPage } from '../api/report-page';
import { type DcSearchState, FIRST_PAGE, toWire } from '../dc-search';
import { examPassRateBars, TRAINING_EXAMS } from '../training-reports';
import { ChartCard } from './chart-card';

/**
 * The pass rates of the newest exams: those of the exam table's first page (the same call, read
 * once), oldest on the left.
 */
export function ExamPassRateChart({ search }: { search: DcSearchState }) {
  const exams = useReportPage<TrainingExamRow>(TRAINING_EXAMS.path, toWire(search, FIRST_PAGE)).data?.records ?? [];
  const bars = examPassRateBars(exams);
  return (
    <ChartCard title={`最近${FIRST_PAGE.pageSize}场考试通过率`} empty={bars.length === 0}>
      <BarChart
        h={260}
        data={bars}
        dataKey="exam"
        series={[{ name: 'passRate', label: '通过率', color: 'teal.6' }]}
        // The formatter writes the percent sign: no `unit`, which recharts and the tooltip append.
        valueFormatter={(v) => formatDcRate(v / 100)}
        yAxisProps={{ domain: [0, 100] }}
      />
    </ChartCard>
  );
}
