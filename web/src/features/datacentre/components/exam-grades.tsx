import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { shownDcFilters } from '../dc-search';
import { useDcSearch } from '../dc-search-store';
import { EXAM_GRADE_FILTERS, EXAM_GRADES } from '../exam-grade-reports';
import type { ExportReport } from '../report-export';
import { FilterBar } from './filter-bar';
import { ReportTable } from './report-table';
import { SubjectSelector } from './subject-selector';

export interface ExamGradesProps {
  exportReport: ExportReport;
  /**
   * The data centre's school selector (the session's school; the app hands it in). The QC
   * pages' header has no selectors (01 §2), so the screen draws them beside its title.
   */
  schoolSelector?: ReactNode;
}

/**
 * /qualityCheckManagement/examGrades (考试成绩, 02 §2, §3.2 "Exam"): the students' school exams of
 * the chosen school and subjects, a subject of an exam per row, with the exam's total, the score's
 * level, ranks and tags, searched and exported like the data centre's reports.
 */
export function ExamGrades({ exportReport, schoolSelector }: ExamGradesProps) {
  const search = shownDcFilters(useDcSearch(), EXAM_GRADE_FILTERS);
  return (
    <Stack p="md" gap="md">
      <Group gap="sm" align="center">
        <Title order={4}>考试成绩</Title>
        <Group gap={4} role="group" aria-label="校区与学科">
          {schoolSelector}
          <SubjectSelector />
        </Group>
      </Group>
      <FilterBar fields={EXAM_GRADE_FILTERS} />
      <ReportTable report={EXAM_GRADES} search={search} exportReport={exportReport} />
    </Stack>
  );
}
