import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { useMyStudents } from '@/features/teaching/api/students';
import {
  actionColumn,
  badgeColumn,
  countColumn,
  instantColumn,
  textColumn,
} from '@/features/teaching/components/columns';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import { PagedTable } from '@/features/teaching/components/paged-table';
import { WholeList } from '@/features/teaching/components/whole-list';
import { studentPath } from '@/features/teaching/teaching-paths';
import { usePageNo } from '@/features/teaching/use-page-no';
import type { MyStudentRow } from '@/generated/MyStudentRow';
import type { StageReportItem } from '@/generated/StageReportItem';
import { reportStatusBadge, subjectName } from '../analysis-dict';
import {
  ANALYSIS_ROUTES,
  analysisModulePath,
  type AnalysisSearch,
  reportItemPath,
  templateAnalysisPath,
} from '../analysis-paths';
import { periodOf, periodText } from '../analysis-period';
import { useStudentAnalysis } from '../api/analysis';
import { useStageReports } from '../api/reports';
import { MasteryTable, ScoreTrendChart, TasksTable, TotalsCards } from './analysis-figures';
import { PageHeading } from './page-heading';
import { PeriodFilter } from './period-filter';

export interface AnalysisModuleProps {
  studentId: number;
  /** The subject and days analysed (the address's). */
  search: AnalysisSearch;
  onSearch: (search: AnalysisSearch) => void;
}

/**
 * 学情分析 (/easyServer/analysisModule?studentId=): a student's learning over a period (90 days to
 * today by default) and a subject — the totals, the score-rate trend of their tasks beside the
 * class's, the knowledge points' mastery weakest first, the tasks (each opening 全卷分析) and
 * their stage reports; 生成阶段报告 chooses a template (模板分析).
 */
export function AnalysisModule({ studentId, search, onSearch }: AnalysisModuleProps) {
  const { from, to } = periodOf(search.range);
  const query = useStudentAnalysis({ studentId, subject: search.subject, from, to });
  return (
    <Stack p="md" gap="md">
      <PageHeading route={ANALYSIS_ROUTES.module}>
        <Anchor component={Link} to={studentPath(studentId)} size="sm">
          学生详情
        </Anchor>
        <Button component={Link} to={templateAnalysisPath(studentId, search)} size="xs">
          生成阶段报告
        </Button>
      </PageHeading>
      <PeriodFilter key={JSON.stringify(search)} value={search} onApply={onSearch} />
      {query.isPending ? (
        <Center p="xl">
          <Loader size="sm" aria-label="加载中" />
        </Center>
      ) : query.isError ? (
        <Center p="xl">
          <Text c="dimmed" role="alert">
            {query.error.message}
          </Text>
        </Center>
      ) : (
        <>
          <Paper withBorder p="sm" radius="md" aria-label="学生">
            <Group gap="lg">
              <Title order={5}>{query.data.student.name}</Title>
              <Text size="sm" c="dimmed">
                学员编号：{query.data.student.code || '-'}
              </Text>
              <Text size="sm" c="dimmed">
                年级：{query.data.student.grade || '-'}
              </Text>
              <Text size="sm" c="dimmed">
                {subjectName(query.data.subject)} · {periodText(query.data.from, query.data.to)}
              </Text>
            </Group>
          </Paper>
          <TotalsCards totals={query.data.totals} busy={query.isPlaceholderData} />
          <ScoreTrendChart tasks={query.data.tasks} />
          <MasteryTable points={query.data.points} />
          <TasksTable tasks={query.data.tasks} studentId={studentId} />
        </>
      )}
      <StudentReports studentId={studentId} />
    </Stack>
  );
}

const REPORT_COLUMNS: ListTableColumn<StageReportItem>[] = [
  {
    ...textColumn<StageReportItem>('title', '报告标题', 260),
    render: (r) => (
      <Anchor component={Link} to={reportItemPath(r)} size="sm">
        {r.title}
      </Anchor>
    ),
  },
  textColumn('templateName', '模板', 130),
  badgeColumn('status', '状态', (r) => reportStatusBadge(r.status, r.statusName), 90),
  textColumn('teacherName', '老师', 100),
  textColumn('from', '时间范围', 210, (r) => periodText(r.from, r.to)),
  countColumn('questionCount', '题数', 70),
  instantColumn('updatedAt', '更新时间'),
];

/** The student's stage reports: mine (drafts open in the editor) and those published. */
function StudentReports({ studentId }: { studentId: number }) {
  const query = useStageReports({ studentId, status: 0 });
  return (
    <Paper withBorder p="sm" component="section" aria-label="阶段报告">
      <Title order={5} mb="xs">
        阶段报告
      </Title>
      <WholeList<StageReportItem>
        label="阶段报告"
        storeKey="analysis-reports"
        columns={REPORT_COLUMNS}
        records={query.data ?? []}
        idAccessor="id"
        rowLabel={(r) => r.title}
        noRecordsText={query.isPending ? '加载中…' : '暂无阶段报告'}
        fetching={query.isFetching}
      />
    </Paper>
  );
}

const PAGE_SIZE = 20;

const STUDENT_COLUMNS: ListTableColumn<MyStudentRow>[] = [
  textColumn('code', '学员编号', 130),
  textColumn('name', '学员姓名', 110),
  textColumn('gradeName', '年级', 80),
  textColumn('schoolName', '校区', 140),
  countColumn('classCount', '在读班级'),
  actionColumn(
    (s) => (
      <Anchor component={Link} to={analysisModulePath(s.id)} size="sm" aria-label={`学情分析 ${s.name}`}>
        学情分析
      </Anchor>
    ),
    100,
  ),
];

/** 学情分析 without a student: the teacher picks one of their students. */
export function AnalysisStudentPicker() {
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = usePageNo(keyword);
  const query = useMyStudents({ keyword: keyword || undefined, pageNo, pageSize: PAGE_SIZE });
  return (
    <Stack p="md" gap="md">
      <PageHeading route={ANALYSIS_ROUTES.module} />
      <Text size="sm" c="dimmed">
        请选择要分析的学生。
      </Text>
      <KeywordSearch placeholder="学员姓名或编号" value={keyword} onSearch={setKeyword} />
      <PagedTable<MyStudentRow>
        label="我的学生"
        storeKey="analysis-students"
        columns={STUDENT_COLUMNS}
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
