// Where 学情洞察 leads (config/paths.ts): a student's correction notebook (错题本 ?classId=
// &studentId=) and a task's analysis by knowledge point (考试分析 ?taskId=).

import { paths, routesByName } from '@/config/paths';

const pathOf = (name: string) => routesByName.get(name)?.path ?? paths.home.path;

export const notebookPath = (classId: number, studentId: number) =>
  `${pathOf('CorrectionNotebook')}?classId=${classId}&studentId=${studentId}`;

export const examAnalysisPath = (taskId: number) => `${pathOf('ExaminationAnalysisList')}?taskId=${taskId}`;
