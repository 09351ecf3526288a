import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { StatCards } from '@/components/stat-cards';
import { routesByName } from '@/config/paths';
import { countColumn, instantColumn, textColumn } from '@/features/teaching/components/columns';
import { NotLoaded } from '@/features/teaching/components/loading';
import { WholeList } from '@/features/teaching/components/whole-list';
import type { WrongStudentSummary } from '@/generated/WrongStudentSummary';
import { formatCount } from '@/lib/report-format';
import { useWrongStudents } from '../api/wrong-questions';

/** 错题本 of a student of a class (/correctionNotebook?classId=&studentId=). */
function notebookPath(classId: number, studentId: number): string {
  const path = routesByName.get('CorrectionNotebook')?.path ?? '/correctionNotebook';
  return `${path}?classId=${classId}&studentId=${studentId}`;
}

function columns(classId: number): ListTableColumn<WrongStudentSummary>[] {
  return [
    textColumn('studentCode', '学员编号', 130),
    {
      accessor: 'studentName',
      title: '学员姓名',
      width: 110,
      render: (s) => (
        <Anchor component={Link} to={notebookPath(classId, s.studentId)} size="sm">
          {s.studentName}
        </Anchor>
      ),
    },
    countColumn('total', '错题', 70),
    countColumn('open', '待巩固', 80),
    countColumn('sent', '已推送相似题', 110),
    countColumn('mastered', '已掌握', 80),
    instantColumn('lastWrongTime', '最近错题时间'),
  ];
}

/**
 * A class's students with their wrong questions counted, for its reports (POST
 * /api/wrongQuestion/task/studentSummaryInfo); a name opens the student's correction notebook.
 */
export function ClassWrongQuestions({ classId }: { classId: number }) {
  const query = useWrongStudents(classId);
  if (query.isError) return <NotLoaded text="未能读取错题情况" />;
  const students = query.data ?? [];
  const sum = (pick: (s: WrongStudentSummary) => number) => students.reduce((n, s) => n + pick(s), 0);
  return (
    <Stack gap="md">
      <StatCards
        title="错题概况"
        busy={query.isFetching}
        cols={{ base: 2, sm: 4 }}
        items={
          query.data
            ? [
                { label: '有待巩固错题的学生', value: formatCount(students.filter((s) => s.open > 0).length) },
                { label: '待巩固', value: formatCount(sum((s) => s.open)) },
                { label: '已推送相似题', value: formatCount(sum((s) => s.sent)) },
                { label: '已掌握', value: formatCount(sum((s) => s.mastered)) },
              ]
            : [
                { label: '有待巩固错题的学生', value: '-' },
                { label: '待巩固', value: '-' },
                { label: '已推送相似题', value: '-' },
                { label: '已掌握', value: '-' },
              ]
        }
      />
      <WholeList<WrongStudentSummary>
        label="学生错题"
        storeKey="class-report-wrong-questions"
        columns={columns(classId)}
        records={students}
        idAccessor="studentId"
        rowLabel={(s) => s.studentName}
        noRecordsText={query.isPending ? '加载中…' : '暂无学生'}
        fetching={query.isFetching}
      />
    </Stack>
  );
}
