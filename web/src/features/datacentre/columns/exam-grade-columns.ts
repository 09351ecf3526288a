// The exam grades' columns (spec 02 §3.2 "Exam", the QC screen examGrades): a student's score in
// one subject of a school exam per row, the exam's facts repeated on each of its subjects. The
// labels are the server's export headers (export examGrades), so that screen and export agree.
// A subject not entered yet has no score, level, rank or tags: the scores and ranks are -1 ('-'),
// the score rate -1 ('/', as the other rates). The server sorts by the exam's day, the score, the
// score rate and the grade rank. The tags are drawn as badges on screen; the export writes them
// as text.

import type { CellBadgeSpec } from '@/components/data-table/cell-badge';
import type { ReportColumn } from '@/components/data-table/report-column';
import type { ExamGradeRow } from '@/generated/ExamGradeRow';
import { formatDay, formatDcRate } from '@/lib/report-format';
import { formatScore } from './training-columns';

/** The colour of each score tag the server gives (优秀, 进步, 退步, 待提升); others grey. */
const TAG_COLORS: Readonly<Record<string, string>> = {
  优秀: 'green',
  进步: 'blue',
  退步: 'orange',
  待提升: 'red',
};

/** A row's score tags ('、'-separated) as badges, in the server's order; none: []. */
export function scoreTagBadges({ scoreTags }: Pick<ExamGradeRow, 'scoreTags'>): CellBadgeSpec[] {
  return scoreTags
    .split('、')
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map((text) => ({ text, color: TAG_COLORS[text] ?? 'gray' }));
}

export const EXAM_GRADE_COLUMNS: ReportColumn<ExamGradeRow>[] = [
  { prop: 'studentCode', label: '学员编号', fixed: 'left', minWidth: 120 },
  { prop: 'studentName', label: '学员姓名', fixed: 'left', minWidth: 100 },
  { prop: 'schoolName', label: '学校', minWidth: 130 },
  { prop: 'gradeName', label: '年级', minWidth: 100 },
  { prop: 'subjectName', label: '学科', minWidth: 100 },
  { prop: 'teacherName', label: '老师', minWidth: 100 },
  { prop: 'examName', label: '考试名称', minWidth: 220 },
  {
    prop: 'examDate',
    label: '考试时间',
    minWidth: 120,
    sortable: 'custom',
    format: (r) => formatDay(r.examDate),
  },
  { prop: 'examTypeName', label: '考试类型', minWidth: 100 },
  { prop: 'termTypeName', label: '学期', minWidth: 100 },
  { prop: 'schoolTypeName', label: '学校类型', minWidth: 100 },
  {
    prop: 'totalExamScore',
    label: '总分',
    minWidth: 100,
    tooltip: '本次考试已录入学科的成绩之和',
    format: (r) => formatScore(r.totalExamScore),
  },
  { prop: 'examScore', label: '成绩', minWidth: 100, sortable: 'custom', format: (r) => formatScore(r.examScore) },
  { prop: 'fullMarks', label: '满分', minWidth: 100, format: (r) => formatScore(r.fullMarks) },
  {
    prop: 'assignScore',
    label: '赋分',
    minWidth: 100,
    tooltip: '选考学科换算后的成绩',
    format: (r) => formatScore(r.assignScore),
  },
  {
    prop: 'examScoreLevel',
    label: '成绩等级',
    minWidth: 100,
    tooltip: '按得分率：A 85%及以上，B 70%及以上，C 60%及以上，D 60%以下',
  },
  { prop: 'examRank', label: '班级排名', minWidth: 100, format: (r) => formatScore(r.examRank) },
  {
    prop: 'gradeRank',
    label: '年级排名',
    minWidth: 100,
    sortable: 'custom',
    format: (r) => formatScore(r.gradeRank),
  },
  {
    prop: 'scoreTags',
    label: '成绩标签',
    minWidth: 140,
    tooltip: '优秀：得分率90%及以上；待提升：60%以下；进步、退步：得分率较该学科上次考试升降5个百分点及以上',
    badges: scoreTagBadges,
  },
  {
    prop: 'examScorePercent',
    label: '得分率',
    minWidth: 100,
    sortable: 'custom',
    tooltip: '成绩 ÷ 满分',
    format: (r) => formatDcRate(r.examScorePercent),
  },
  { prop: 'scoreImageUploaded', label: '是否上传试卷', minWidth: 120 },
  { prop: 'modifiedSourceName', label: '录入来源', minWidth: 100 },
  { prop: 'finishedSubjects', label: '已录入学科', minWidth: 160 },
  { prop: 'unfinishedSubjects', label: '未录入学科', minWidth: 160 },
];
