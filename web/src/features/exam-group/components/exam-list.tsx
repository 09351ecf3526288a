import { Anchor, Button, Group, Input, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListFooter } from '@/components/data-table/list-footer';
import { ListTable } from '@/components/data-table/list-table';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import { PagedTable } from '@/features/teaching/components/paged-table';
import { usePageNo } from '@/features/teaching/use-page-no';
import { Limits } from '@/generated/codes';
import type { ExamListRequest } from '@/generated/ExamListRequest';
import type { ExamRow } from '@/generated/ExamRow';
import { useExams, useSharedExams } from '../api/exams';
import { useGroupsShown } from '../api/white-check';
import { EXAM_STATUSES } from '../exam-dict';
import { examDetailPath, examGroupsPath, isExamListTab, type ExamListTab } from '../exam-paths';
import { examColumns } from './exam-columns';
import { PublishModal } from './publish-modal';

const PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;
const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: '全部' },
  ...EXAM_STATUSES.map((s) => ({ value: String(s.status), label: s.text })),
];

const MINE_COLUMNS = examColumns(false);
const SHARED_COLUMNS = examColumns(true);

/**
 * 考试列表 (/easyexamination/offlineExam/examList): 我发布的 (keyword, status, page by page) and
 * 共享给我的 (the exams colleagues shared with me); a name opens the exam. 发布考试 and 考试分组
 * for the users of the teacher-group whitelist.
 */
export function ExamList({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('tab');
  const tab: ExamListTab = isExamListTab(raw) ? raw : 'mine';
  const groupsShown = useGroupsShown() === true;
  const [publishing, setPublishing] = useState(false);

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        {groupsShown && (
          <Group gap="sm">
            <Anchor component={Link} to={examGroupsPath()} size="sm">
              考试分组
            </Anchor>
            <Button onClick={() => setPublishing(true)}>发布考试</Button>
          </Group>
        )}
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'shared' ? { tab: 'shared' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label="考试列表">
          <Tabs.Tab value="mine">我发布的</Tabs.Tab>
          <Tabs.Tab value="shared">共享给我的</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mine" pt="md">
          <MyExams />
        </Tabs.Panel>
        <Tabs.Panel value="shared" pt="md">
          <SharedExams />
        </Tabs.Panel>
      </Tabs>
      {groupsShown && (
        <PublishModal
          opened={publishing}
          onClose={() => setPublishing(false)}
          onPublished={(exam) => void navigate(examDetailPath(exam.examId))}
        />
      )}
    </Stack>
  );
}

function MyExams() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState(ALL);
  const search: ExamListRequest = {
    keyword: keyword || undefined,
    status: status === ALL ? undefined : Number(status),
  };
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(search));
  const query = useExams({ ...search, pageNo, pageSize: PAGE_SIZE });
  return (
    <Stack gap="sm">
      <KeywordSearch placeholder="考试名称" value={keyword} onSearch={setKeyword}>
        <Input.Wrapper label="状态" size="xs">
          <SegmentedControl
            size="xs"
            aria-label="考试状态"
            data={STATUS_OPTIONS}
            value={status}
            onChange={setStatus}
            display="flex"
          />
        </Input.Wrapper>
      </KeywordSearch>
      <PagedTable<ExamRow>
        label="我发布的考试"
        storeKey="exam-list-mine"
        columns={MINE_COLUMNS}
        query={query}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        idAccessor="examId"
        rowLabel={(e) => e.examName}
        noRecordsText="还没有发布考试"
      />
    </Stack>
  );
}

function SharedExams() {
  const query = useSharedExams();
  const exams = query.data ?? [];
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        同事共享给你的考试：可以查看成员并录入成绩。
      </Text>
      <ListTable<ExamRow>
        label="共享给我的考试"
        storeKey="exam-list-shared"
        columns={SHARED_COLUMNS}
        records={exams}
        idAccessor="examId"
        rowAttributes={(e) => ({ 'aria-label': e.examName })}
        noRecordsText={query.isPending ? '加载中…' : '暂无共享给你的考试'}
        fetching={query.isFetching}
        pinFirstColumn
      />
      <ListFooter page={1} pages={1} total={exams.length} onPageChange={() => undefined} />
    </Stack>
  );
}
