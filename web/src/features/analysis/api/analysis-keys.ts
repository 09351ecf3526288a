// The query keys of learning analysis and stage reports. A report's changes (save, questions
// added, publish, delete) change it and the report lists; the analyses are computed from the
// marked answers and read again when the pages open.

import type { QueryClient } from '@tanstack/react-query';
import type { AnalysisStudentRequest } from '@/generated/AnalysisStudentRequest';
import type { AnalysisWrongRequest } from '@/generated/AnalysisWrongRequest';
import type { StageReportListRequest } from '@/generated/StageReportListRequest';

const all = ['analysis'] as const;
const reportsAll = [...all, 'reports'] as const;

export const analysisKeys = {
  all,
  /** A student's analysis over a period. */
  student: (request: AnalysisStudentRequest) => [...all, 'student', request] as const,
  /** A task of a student as a whole paper. */
  paper: (taskId: number, studentId: number) => [...all, 'paper', taskId, studentId] as const,
  /** A student's wrong questions, filtered. */
  wrong: (request: AnalysisWrongRequest) => [...all, 'wrong', request] as const,
  templates: [...all, 'templates'] as const,
  reportsAll,
  reports: (request: StageReportListRequest) => [...reportsAll, request] as const,
  report: (id: number) => [...all, 'report', id] as const,
};

/** Reads again every list of reports. */
export function invalidateReportLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: analysisKeys.reportsAll });
}
