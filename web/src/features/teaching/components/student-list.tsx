import { Select, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { ListTableColumn } from '@/components/data-table/list-table';
import type { MyStudentRow } from '@/generated/MyStudentRow';
import type { MyStudentsRequest } from '@/generated/MyStudentsRequest';
import { Limits } from '@/generated/codes';
import { useMyStudents } from '../api/students';
import { CLASS_TYPES } from '../teaching-dict';
import { studentPath } from '../teaching-paths';
import { usePageNo } from '../use-page-no';
import { countColumn, instantColumn, linkColumn, ratio, textColumn } from './columns';
import { KeywordSearch } from './list-filters';
import { PagedTable } from './paged-table';

const PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;

const COLUMNS: ListTableColumn<MyStudentRow>[] = [
  textColumn('code', '学员编号', 130),
  linkColumn('name', '学员姓名', (s) => studentPath(s.id), 110),
  textColumn('gradeName', '年级', 80),
  textColumn('schoolName', '校区', 130),
  textColumn('areaName', '教学点', 130),
  textColumn('consultantName', '顾问', 100),
  textColumn('learningManagerName', '学管', 100),
  countColumn('classCount', '在读班级'),
  {
    ...textColumn<MyStudentRow>('recentAttended', '近30天到课', 120, (s) => ratio(s.recentAttended, s.recentLessons)),
    tooltip: '近30天已上课次中出勤或迟到的课次 / 已上课次',
  },
  instantColumn('lastLessonTime', '上次上课'),
  instantColumn('nextLessonTime', '下次上课'),
];

export interface Option {
  value: string;
  label: string;
}

const CLASS_TYPE_OPTIONS: Option[] = CLASS_TYPES.map((t) => ({ value: String(t.value), label: t.label }));

export interface StudentListProps {
  /** The grades to filter by (code, name). */
  gradeOptions: Option[];
}

/**
 * 我的学生 (/easyServer/myStudent/studentList): the students of my classes (or those I advise),
 * by keyword, class type and grade, page by page; a name opens the student's page.
 */
export function StudentList({ gradeOptions }: StudentListProps) {
  const [keyword, setKeyword] = useState('');
  const [classType, setClassType] = useState<string | null>(null);
  const [grade, setGrade] = useState<string | null>(null);
  const search: MyStudentsRequest = {
    keyword: keyword || undefined,
    classType: classType ? Number(classType) : undefined,
    grade: grade ? Number(grade) : undefined,
  };
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(search));
  const query = useMyStudents({ ...search, pageNo, pageSize: PAGE_SIZE });
  return (
    <Stack p="md" gap="md">
      <Title order={4}>我的学生</Title>
      <KeywordSearch placeholder="学员姓名或编号" value={keyword} onSearch={setKeyword}>
        <Select
          size="xs"
          label="课程类型"
          placeholder="全部"
          clearable
          data={CLASS_TYPE_OPTIONS}
          value={classType}
          onChange={setClassType}
          w={130}
        />
        <Select
          size="xs"
          label="年级"
          placeholder="全部"
          clearable
          data={gradeOptions}
          value={grade}
          onChange={setGrade}
          w={130}
        />
      </KeywordSearch>
      <PagedTable<MyStudentRow>
        label="我的学生"
        storeKey="teaching-students"
        columns={COLUMNS}
        query={query}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        idAccessor="id"
        rowLabel={(s) => s.name}
        noRecordsText="暂无学生"
      />
    </Stack>
  );
}
