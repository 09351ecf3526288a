import { Anchor, Button, Group, Input, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { Limits } from '@/generated/codes';
import type { MyClassesRequest } from '@/generated/MyClassesRequest';
import type { MyClassRow } from '@/generated/MyClassRow';
import { useMyClasses } from '../api/classes';
import {
  COURSE_ORDER,
  COURSE_STATES,
  COURSES,
  type CourseKind,
  coursePage,
  type CourseSpec,
  type CourseState,
  isCourseState,
} from '../course-center';
import { classSummary, summaryState } from '../record-summary';
import { ONE_ON_ONE } from '../teaching-dict';
import { classPath, classReportPath } from '../teaching-paths';
import { usePageNo } from '../use-page-no';
import { actionColumn, countColumn, dayColumn, instantColumn, linkColumn, ratio, textColumn } from './columns';
import { KeywordSearch } from './list-filters';
import { PagedTable } from './paged-table';

const PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;

/** A course's reports, from its row. */
function ReportLinks({ course }: { course: MyClassRow }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Anchor component={Link} to={classReportPath('study', course.id)} size="sm">
        学情报告
      </Anchor>
      <Anchor component={Link} to={classReportPath('summary', course.id)} size="sm">
        总结报告
      </Anchor>
    </Group>
  );
}

/** The columns of a page: a one-on-one course has no class size; a past one no next lesson. */
function courseColumns(spec: CourseSpec): ListTableColumn<MyClassRow>[] {
  const oneOnOne = spec.classType === ONE_ON_ONE;
  const past = spec.state === 'finished';
  return [
    textColumn('code', '课程编码', 140),
    linkColumn(
      'name',
      '课程名称',
      (c) => classPath(c),
      220,
      (c) => summaryState(classSummary(c)),
    ),
    textColumn('subjectName', '学科', 80),
    textColumn('gradeName', '年级', 80),
    textColumn('teacherName', '老师', 100),
    textColumn('schoolName', '校区', 180, (c) => [c.schoolName, c.areaName].filter(Boolean).join(' / ') || '-'),
    ...(oneOnOne ? [] : [countColumn<MyClassRow>('studentCount', '在班学生')]),
    {
      ...textColumn<MyClassRow>('heldCount', '已上/总课次', 120, (c) => ratio(c.heldCount, c.lessonCount)),
      tooltip: '已上课次 / 未取消的课次',
    },
    dayColumn('firstLessonTime', '首次课日期'),
    dayColumn('lastLessonTime', past ? '结课日期' : '末次课日期'),
    ...(past ? [] : [instantColumn<MyClassRow>('nextLessonTime', '下次上课')]),
    actionColumn((c) => <ReportLinks course={c} />, 170),
  ];
}

/** The course centre's pages, the current one marked. */
function CourseNav({ current }: { current: CourseKind }) {
  return (
    <nav aria-label="课程中心">
      <Group gap="xs">
        {COURSE_ORDER.map((kind) => {
          const page = coursePage(COURSES[kind]);
          const active = kind === current;
          return (
            <Button
              key={kind}
              component={Link}
              to={page.path}
              size="xs"
              variant={active ? 'filled' : 'default'}
              aria-current={active ? 'page' : undefined}
            >
              {page.title}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}

/**
 * 课程中心 (/courseCenter/classes, vips, high, vipsHistory): my courses of one class type — 班课,
 * 个性化课程 (one-on-one courses with a lesson still to come), 小组课, 历史课程 (one-on-one courses
 * with none) — by state and keyword, page by page. A course's name opens its page; its reports
 * open from its row.
 */
export function CourseCenter({ kind, title }: { kind: CourseKind; title: string }) {
  const spec = COURSES[kind];
  const [picked, setPicked] = useState<CourseState>('ongoing');
  const [keyword, setKeyword] = useState('');
  const search: MyClassesRequest = {
    keyword: keyword || undefined,
    classType: spec.classType,
    state: spec.state ?? picked,
  };
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(search));
  const query = useMyClasses({ ...search, pageNo, pageSize: PAGE_SIZE });
  return (
    <Stack p="md" gap="md">
      <CourseNav current={kind} />
      <Title order={4}>{title}</Title>
      <KeywordSearch placeholder={`${spec.noun}名称或编码`} value={keyword} onSearch={setKeyword}>
        {spec.state === null && (
          <Input.Wrapper label="状态" size="xs">
            <SegmentedControl
              size="xs"
              aria-label="课程状态"
              data={COURSE_STATES.map((s) => ({ ...s }))}
              value={picked}
              onChange={(v) => setPicked(isCourseState(v) ? v : 'ongoing')}
              display="flex"
            />
          </Input.Wrapper>
        )}
      </KeywordSearch>
      {query.isError && !query.data ? (
        <Text c="dimmed">未能读取{spec.noun}列表</Text>
      ) : (
        <PagedTable<MyClassRow>
          label={title}
          storeKey={`course-center-${kind}`}
          columns={courseColumns(spec)}
          query={query}
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          onPageChange={setPageNo}
          idAccessor="id"
          rowLabel={(c) => c.name}
          noRecordsText={`暂无${spec.noun}`}
        />
      )}
    </Stack>
  );
}
