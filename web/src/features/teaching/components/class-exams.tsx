import { Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import type { ListTableColumn } from '@/components/data-table/list-table';
import type { ClassDetail } from '@/generated/ClassDetail';
import type { StudentExamScore } from '@/generated/StudentExamScore';
import { readOptions } from '@/lib/query-read';
import { getStudentDetail } from '../api/students';
import { teachingKeys } from '../api/teaching-keys';
import { examScoreText, scoreText } from '../teaching-format';
import { studentPath } from '../teaching-paths';
import { dayColumn, linkColumn, textColumn } from './columns';
import { WholeList } from './whole-list';

/** A student's score in one subject of an exam. */
interface ClassExamRow extends StudentExamScore {
  studentId: number;
  studentCode: string;
  studentName: string;
}

const COLUMNS: ListTableColumn<ClassExamRow>[] = [
  textColumn('studentCode', '学员编号', 130),
  linkColumn('studentName', '学员姓名', (r) => studentPath(r.studentId), 110),
  textColumn('examName', '考试', 220),
  dayColumn('examTime', '考试日期'),
  textColumn('examTypeName', '考试类型', 100),
  textColumn('subjectName', '学科', 80),
  textColumn('score', '成绩', 100, examScoreText),
  textColumn('classRank', '班级排名', 100, (e) => scoreText(e.classRank)),
  textColumn('gradeRank', '年级排名', 100, (e) => scoreText(e.gradeRank)),
];

/**
 * The exam results of the class's students (those in the class now) in the class's subject,
 * latest exam first, read from each student's page (POST /api/teaching/student/detail).
 */
export function ClassExams({ detail }: { detail: ClassDetail }) {
  const students = detail.students.filter((s) => s.leftTime === 0);
  const subject = detail.class.subjectName;
  const results = useQueries({
    queries: students.map((s) => ({
      queryKey: teachingKeys.student(s.studentId),
      queryFn: (context: Parameters<typeof readOptions>[0]) =>
        getStudentDetail(s.studentId, { ...readOptions(context), noLoading: true, quiet: true }),
    })),
  });
  const pending = results.filter((r) => r.isPending).length;
  const failed = results.filter((r) => r.isError).length;
  const rows: ClassExamRow[] = results
    .flatMap(({ data }) =>
      data
        ? data.exams
            .filter((e) => !subject || e.subjectName === subject)
            .map((e) => ({
              ...e,
              studentId: data.student.id,
              studentCode: data.student.code,
              studentName: data.student.name,
            }))
        : [],
    )
    .sort((a, b) => b.examTime - a.examTime || a.studentCode.localeCompare(b.studentCode));
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        在班学生{subject ? `的${subject}` : '的'}考试成绩，最近的考试在前。
      </Text>
      {failed > 0 && (
        <Text size="sm" c="red">
          有 {failed} 名学生的成绩未能读取，请稍后再试。
        </Text>
      )}
      <WholeList<ClassExamRow>
        label="考试成绩"
        storeKey="teaching-class-exams"
        columns={COLUMNS}
        records={rows}
        idAccessor={(r) => `${r.studentId}|${r.examId}|${r.subjectName}`}
        rowLabel={(r) => `${r.studentName} ${r.examName}`}
        noRecordsText={pending > 0 ? '加载中…' : '暂无考试成绩'}
        fetching={pending > 0}
      />
    </Stack>
  );
}
