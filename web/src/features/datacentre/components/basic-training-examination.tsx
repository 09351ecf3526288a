import { Stack, Tabs, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useDictPrepare } from '../api/dict';
import { shownDcFilters } from '../dc-search';
import { useDcSearch } from '../dc-search-store';
import type { ExportReport } from '../report-export';
import { TRAINING_EXAMS, TRAINING_FILTERS, TRAINING_RESULTS, trainingTrainees } from '../training-reports';
import { ExamPassRateChart } from './exam-pass-rate-chart';
import { FilterBar } from './filter-bar';
import { ReportTable } from './report-table';

type TrainingTab = 'trainees' | 'exams' | 'results';

const isTrainingTab = (v: string | null): v is TrainingTab => v === 'trainees' || v === 'exams' || v === 'results';

/**
 * /dataCenter/basicTrainingExamination (基础训练考试, 02 §2): the exams staff sit in their first
 * year — 学员统计 (a trainee per row, with their score band), 考试统计 (an exam per row, with
 * the newest exams' pass rates as bars) and 成绩明细 (a result per row). Only the open tab reads.
 */
export function BasicTrainingExamination({ exportReport }: { exportReport: ExportReport }) {
  const search = shownDcFilters(useDcSearch(), TRAINING_FILTERS);
  const scoreBands = useDictPrepare().data?.scoreBands;
  const trainees = useMemo(() => trainingTrainees(scoreBands ?? []), [scoreBands]);
  const [tab, setTab] = useState<TrainingTab>('trainees');
  return (
    <Stack p="md" gap="md">
      <Title order={4}>基础训练考试</Title>
      <FilterBar fields={TRAINING_FILTERS} />
      <Tabs value={tab} onChange={(v) => setTab(isTrainingTab(v) ? v : 'trainees')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="trainees">学员统计</Tabs.Tab>
          <Tabs.Tab value="exams">考试统计</Tabs.Tab>
          <Tabs.Tab value="results">成绩明细</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="trainees" pt="sm">
          <ReportTable report={trainees} search={search} exportReport={exportReport} />
        </Tabs.Panel>
        <Tabs.Panel value="exams" pt="sm">
          <Stack gap="md">
            <ExamPassRateChart search={search} />
            <ReportTable report={TRAINING_EXAMS} search={search} exportReport={exportReport} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="results" pt="sm">
          <ReportTable report={TRAINING_RESULTS} search={search} exportReport={exportReport} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
