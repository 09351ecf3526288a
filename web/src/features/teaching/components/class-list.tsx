import { Input, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { Limits } from '@/generated/codes';
import type { MyClassesRequest } from '@/generated/MyClassesRequest';
import type { MyClassRow } from '@/generated/MyClassRow';
import { useMyClasses } from '../api/classes';
import { classSummary, summaryState } from '../record-summary';
import { CLASS_TYPES } from '../teaching-dict';
import { classPath } from '../teaching-paths';
import { usePageNo } from '../use-page-no';
import { countColumn, instantColumn, linkColumn, ratio, textColumn } from './columns';
import { KeywordSearch } from './list-filters';
import { PagedTable } from './paged-table';

const PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;

const ALL = 'all';
const TYPE_OPTIONS = [
  { value: ALL, label: '全部线下' },
  ...CLASS_TYPES.map((t) => ({ value: String(t.value), label: t.label })),
];

/** A class's state: a lesson still to come (ongoing), none (finished), or either. */
type ClassState = 'ongoing' | 'finished' | 'all';
const STATE_OPTIONS: { value: ClassState; label: string }[] = [
  { value: 'ongoing', label: '进行中' },
  { value: 'finished', label: '已结课' },
  { value: 'all', label: '全部' },
];
const isClassState = (v: string): v is ClassState => STATE_OPTIONS.some((s) => s.value === v);

const COLUMNS: ListTableColumn<MyClassRow>[] = [
  textColumn('code', '班级编码', 140),
  linkColumn(
    'name',
    '班级名称',
    (c) => classPath(c),
    200,
    (c) => summaryState(classSummary(c)),
  ),
  textColumn('classTypeName', '类型', 90),
  textColumn('subjectName', '学科', 80),
  textColumn('gradeName', '年级', 80),
  textColumn('teacherName', '老师', 100),
  textColumn('schoolName', '校区', 130),
  countColumn('studentCount', '在班学生'),
  textColumn('heldCount', '已上/总课次', 120, (c) => ratio(c.heldCount, c.lessonCount)),
  instantColumn('nextLessonTime', '下次上课'),
];

/**
 * 我的班级 (/easyServer/myClasses/myClassesList): my classes by type (the server lists the offline
 * classes, of one type or all; 直播课 the online classes),
 * state and keyword, page by page; a name opens the class's page (the online class's for a live
 * class).
 */
export function ClassList() {
  const [classType, setClassType] = useState(ALL);
  const [state, setState] = useState<ClassState>('ongoing');
  const [keyword, setKeyword] = useState('');
  const search: MyClassesRequest = {
    keyword: keyword || undefined,
    classType: classType === ALL ? undefined : Number(classType),
    state,
  };
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(search));
  const query = useMyClasses({ ...search, pageNo, pageSize: PAGE_SIZE });
  return (
    <Stack p="md" gap="md">
      <Title order={4}>我的班级</Title>
      <KeywordSearch placeholder="班级名称或编码" value={keyword} onSearch={setKeyword}>
        <Input.Wrapper label="类型" size="xs">
          <SegmentedControl
            size="xs"
            aria-label="班级类型"
            data={TYPE_OPTIONS}
            value={classType}
            onChange={setClassType}
            display="flex"
          />
        </Input.Wrapper>
        <Input.Wrapper label="状态" size="xs">
          <SegmentedControl
            size="xs"
            aria-label="班级状态"
            data={STATE_OPTIONS}
            value={state}
            onChange={(v) => setState(isClassState(v) ? v : 'ongoing')}
            display="flex"
          />
        </Input.Wrapper>
      </KeywordSearch>
      <PagedTable<MyClassRow>
        label="我的班级"
        storeKey="teaching-classes"
        columns={COLUMNS}
        query={query}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        idAccessor={(c) => `${c.online ? 'o' : 'f'}${c.id}`}
        rowLabel={(c) => c.name}
        noRecordsText="暂无班级"
      />
    </Stack>
  );
}
