// The exam grades (spec 02 §3.2 "Exam"; the QC screen /qualityCheckManagement/examGrades): the
// students' school exams, a subject of an exam per row, read from POST /api/qc/examGrades with
// the data-centre search and exported as examGrades. Exams are searched by their day (or a
// fiscal period), the header's school and subjects, area, grade, teacher and student; the
// product, lesson and tenure filters do not apply to them.

import type { ExamGradeRow } from '@/generated/ExamGradeRow';
import { EXAM_GRADE_COLUMNS } from './columns/exam-grade-columns';
import type { FilterField } from './dc-search';
import type { ReportDef } from './reports';

export const EXAM_GRADE_FILTERS: readonly FilterField[] = ['date', 'fiscal', 'area', 'grade', 'teacher', 'student'];

export const EXAM_GRADES: ReportDef<ExamGradeRow> = {
  excelType: 'examGrades',
  title: '考试成绩',
  path: '/api/qc/examGrades',
  columns: EXAM_GRADE_COLUMNS,
  rowKey: (r) => `${r.examId}|${r.studentCode}|${r.subjectName}`,
  rowLabel: (r) => `${r.studentName} ${r.examName} ${r.subjectName}`,
};
