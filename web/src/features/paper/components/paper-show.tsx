import { Anchor, Button, Group, Input, Paper, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { CellBadge } from '@/components/data-table/cell-badge';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { knowledgeSectionEditPath } from '@/config/paths';
import { FEEDBACK_TARGET, type FeedbackTarget } from '@/features/feedback/feedback-dict';
import { FeedbackModal } from '@/features/feedback/components/feedback-modal';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import { PagedTable } from '@/features/teaching/components/paged-table';
import { usePageNo } from '@/features/teaching/use-page-no';
import type { PaperCollectionRequest } from '@/generated/PaperCollectionRequest';
import type { PaperSummary } from '@/generated/PaperSummary';
import { formatInstant } from '@/lib/report-format';
import { isContentAdmin, useSession } from '@/lib/session';
import { showSuccess } from '@/lib/toast';
import { useAuditChanges, useCollection } from '../api/collection';
import { AUDIT_STATUS, AUDIT_STATUSES, auditBadge, COLLECTION_PAGE_SIZE, maySubmit, showsResult } from '../audit-dict';
import { PAPER_TYPES } from '../paper-rules';
import { AuditModal, type Judging } from './audit-modal';
import { useEmptyPaperConfirm } from './empty-paper-confirm';
import { PaperLogDrawer } from './paper-log-drawer';

type Tab = 'mine' | 'audit' | 'library';

const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: '全部' },
  ...AUDIT_STATUSES.map((s) => ({ value: String(s.status), label: s.text })),
];

const typeName = (code: number) => PAPER_TYPES.find((t) => t.code === code)?.name ?? String(code);

const titleColumn: ListTableColumn<PaperSummary> = {
  accessor: 'paperTitle',
  title: '讲义标题',
  width: 240,
  render: (p) => (
    <Anchor component={Link} to={knowledgeSectionEditPath(p.paperId)} size="sm">
      {p.paperTitle}
    </Anchor>
  ),
};
const typeColumn: ListTableColumn<PaperSummary> = {
  accessor: 'paperType',
  title: '类型',
  width: 80,
  render: (p) => typeName(p.paperType),
};
const ownerColumn: ListTableColumn<PaperSummary> = { accessor: 'ownerName', title: '作者', width: 100 };
const timeColumn: ListTableColumn<PaperSummary> = {
  accessor: 'updateTime',
  title: '更新时间',
  width: 150,
  render: (p) => formatInstant(p.updateTime),
};

/**
 * 讲义审核与发布 (/paperCollection/paperShow): 我的讲义, the caller's papers with their audit state
 * (submitted for audit here, an empty one only once its author confirms; a result shown until
 * 知道了), their outline and change log; 审核, the submitted papers a content admin approves into
 * the library or refuses with a note; 讲义库, the approved papers everyone reads, on which an
 * error is reported (反馈).
 */
export function PaperShow({ title }: { title: string }) {
  const admin = useSession((s) => isContentAdmin(s.user));
  const [tab, setTab] = useState<Tab>('mine');
  const [feedback, setFeedback] = useState<FeedbackTarget | null>(null);
  const report = (p: PaperSummary) => setFeedback({ type: FEEDBACK_TARGET.paper, id: p.paperId, title: p.paperTitle });
  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      <Tabs
        value={tab}
        onChange={(v) => setTab(v === 'audit' && admin ? 'audit' : v === 'library' ? 'library' : 'mine')}
        keepMounted={false}
      >
        <Tabs.List aria-label="讲义审核与发布">
          <Tabs.Tab value="mine">我的讲义</Tabs.Tab>
          {admin && <Tabs.Tab value="audit">审核</Tabs.Tab>}
          <Tabs.Tab value="library">讲义库</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mine" pt="md">
          <MyPapers />
        </Tabs.Panel>
        {admin && (
          <Tabs.Panel value="audit" pt="md">
            <AuditQueue />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="library" pt="md">
          <LibraryPapers onReport={report} />
        </Tabs.Panel>
      </Tabs>
      <FeedbackModal target={feedback} onClose={() => setFeedback(null)} />
    </Stack>
  );
}

/** A list of the collection: its search (without the page), filters and columns. */
function CollectionList({
  label,
  storeKey,
  search,
  columns,
  keyword,
  onKeyword,
  filters,
  emptyText,
}: {
  label: string;
  storeKey: string;
  search: PaperCollectionRequest;
  columns: ListTableColumn<PaperSummary>[];
  keyword: string;
  onKeyword: (keyword: string) => void;
  filters?: ReactNode;
  emptyText: string;
}) {
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(search));
  const query = useCollection({ ...search, pageNo, pageSize: COLLECTION_PAGE_SIZE });
  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" radius="md">
        <KeywordSearch placeholder="讲义标题" value={keyword} onSearch={onKeyword}>
          {filters}
        </KeywordSearch>
      </Paper>
      <PagedTable<PaperSummary>
        label={label}
        storeKey={storeKey}
        columns={columns}
        query={query}
        pageNo={pageNo}
        pageSize={COLLECTION_PAGE_SIZE}
        onPageChange={setPageNo}
        idAccessor="paperId"
        rowLabel={(p) => p.paperTitle}
        noRecordsText={keyword ? '没有符合条件的讲义' : emptyText}
      />
    </Stack>
  );
}

function MyPapers() {
  const { post, hide } = useAuditChanges();
  const emptyPaper = useEmptyPaperConfirm();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState(ALL);
  const [logs, setLogs] = useState<PaperSummary | null>(null);
  const search: PaperCollectionRequest = {
    mine: true,
    ...(status !== ALL ? { auditStatus: Number(status) } : {}),
    ...(keyword ? { keyword } : {}),
  };

  // An empty paper is submitted only once its author confirms it.
  const submit = (p: PaperSummary) =>
    emptyPaper.run(p, '提交审核', () =>
      post.mutate(p.paperId, { onSuccess: () => showSuccess(`「${p.paperTitle}」已提交审核`) }),
    );

  const columns: ListTableColumn<PaperSummary>[] = [
    titleColumn,
    typeColumn,
    {
      accessor: 'auditStatus',
      title: '审核状态',
      width: 260,
      render: (p) => {
        const badge = auditBadge(p.auditStatus);
        return (
          <Stack gap={4}>
            <CellBadge color={badge.color} text={badge.text} />
            {showsResult(p.auditStatus, p.auditInfoVisible) && (
              <Group gap={6} wrap="nowrap">
                <Text size="xs" c={p.auditStatus === AUDIT_STATUS.refused ? 'red' : 'dimmed'}>
                  {p.auditNote
                    ? `审核意见：${p.auditNote}`
                    : p.auditStatus === AUDIT_STATUS.approved
                      ? '已加入讲义库'
                      : '未通过审核'}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={`知道了：${p.paperTitle}`}
                  onClick={() => hide.mutate(p.paperId)}
                >
                  知道了
                </Button>
              </Group>
            )}
          </Stack>
        );
      },
    },
    timeColumn,
    {
      accessor: 'actions',
      title: '操作',
      width: 200,
      toggleable: false,
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          {maySubmit(p.auditStatus) && (
            <Button
              size="compact-sm"
              variant="light"
              loading={emptyPaper.checking === p.paperId || (post.isPending && post.variables === p.paperId)}
              onClick={() => submit(p)}
            >
              提交审核
            </Button>
          )}
          <Anchor component={Link} to={knowledgeSectionEditPath(p.paperId)} size="sm">
            编辑
          </Anchor>
          <Button size="compact-sm" variant="subtle" onClick={() => setLogs(p)}>
            记录
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <CollectionList
        label="我的讲义"
        storeKey="paper-show-mine"
        search={search}
        columns={columns}
        keyword={keyword}
        onKeyword={setKeyword}
        filters={
          <Input.Wrapper label="审核状态" size="xs">
            <SegmentedControl
              size="xs"
              aria-label="审核状态"
              data={STATUS_OPTIONS}
              value={status}
              onChange={setStatus}
              display="flex"
            />
          </Input.Wrapper>
        }
        emptyText="还没有讲义；在讲义库中组讲义或复制讲义后会出现在这里"
      />
      <PaperLogDrawer paper={logs} onClose={() => setLogs(null)} />
      {emptyPaper.dialog}
    </>
  );
}

function AuditQueue() {
  const [keyword, setKeyword] = useState('');
  const [judging, setJudging] = useState<Judging>(null);
  const search: PaperCollectionRequest = { auditStatus: AUDIT_STATUS.pending, ...(keyword ? { keyword } : {}) };
  const columns: ListTableColumn<PaperSummary>[] = [
    titleColumn,
    ownerColumn,
    typeColumn,
    timeColumn,
    {
      accessor: 'actions',
      title: '操作',
      width: 140,
      toggleable: false,
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" color="green" onClick={() => setJudging({ paper: p, approve: true })}>
            通过
          </Button>
          <Button
            size="compact-sm"
            color="red"
            variant="light"
            onClick={() => setJudging({ paper: p, approve: false })}
          >
            驳回
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <>
      <CollectionList
        label="待审核讲义"
        storeKey="paper-show-audit"
        search={search}
        columns={columns}
        keyword={keyword}
        onKeyword={setKeyword}
        emptyText="没有待审核的讲义"
      />
      <AuditModal judging={judging} onClose={() => setJudging(null)} />
    </>
  );
}

function LibraryPapers({ onReport }: { onReport: (paper: PaperSummary) => void }) {
  const [keyword, setKeyword] = useState('');
  const search: PaperCollectionRequest = { auditStatus: AUDIT_STATUS.approved, ...(keyword ? { keyword } : {}) };
  const columns: ListTableColumn<PaperSummary>[] = [
    titleColumn,
    ownerColumn,
    typeColumn,
    timeColumn,
    {
      accessor: 'actions',
      title: '操作',
      width: 120,
      toggleable: false,
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={knowledgeSectionEditPath(p.paperId)} size="sm">
            查看
          </Anchor>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={() => onReport(p)}>
            反馈
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <CollectionList
      label="讲义库"
      storeKey="paper-show-library"
      search={search}
      columns={columns}
      keyword={keyword}
      onKeyword={setKeyword}
      emptyText="讲义库中还没有讲义"
    />
  );
}
