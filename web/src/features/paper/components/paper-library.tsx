import { Anchor, Button, Group, Input, Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CellBadge } from '@/components/data-table/cell-badge';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { knowledgeSectionEditPath } from '@/config/paths';
import { useBaseDicInfo } from '@/features/atlas/api/trees';
import { LibraryDownloadMenu } from '@/features/download/components/library-download-menu';
import { FEEDBACK_TARGET, type FeedbackTarget } from '@/features/feedback/feedback-dict';
import { FeedbackModal } from '@/features/feedback/components/feedback-modal';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import { PagedTable } from '@/features/teaching/components/paged-table';
import { usePageNo } from '@/features/teaching/use-page-no';
import type { PaperCollectionRequest } from '@/generated/PaperCollectionRequest';
import type { PaperSummary } from '@/generated/PaperSummary';
import { formatInstant, formatText } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useCollection } from '../api/collection';
import { useCopyPaper } from '../api/handout';
import { AUDIT_STATUS, auditBadge, COLLECTION_PAGE_SIZE } from '../audit-dict';
import { PAPER_TYPES } from '../paper-rules';
import { scopeName } from '../scope-names';

type Scope = 'library' | 'mine';

const ALL = 'all';
const SCOPES = [
  { value: 'library', label: '库中试卷' },
  { value: 'mine', label: '我的试卷' },
];
const TYPE_OPTIONS = [
  { value: ALL, label: '全部' },
  ...PAPER_TYPES.map((t) => ({ value: String(t.code), label: t.name })),
];

/** The library's paper types (api handlers/library.rs LIBRARY_TYPES): 切片库, 教辅库, 教材库. */
const LIBRARY_PAPER_TYPES: readonly number[] = [2, 3, 4];

/** An approved library paper is downloaded (download/library/submit); a handout is not a library paper. */
const downloadable = (p: PaperSummary) =>
  p.auditStatus === AUDIT_STATUS.approved && LIBRARY_PAPER_TYPES.includes(p.paperType);

const typeName = (code: number) => PAPER_TYPES.find((t) => t.code === code)?.name ?? formatText(code);

/** The collection search of a scope, type and keyword: the library is what the audit approved. */
function librarySearch(scope: Scope, type: string, keyword: string): PaperCollectionRequest {
  return {
    ...(scope === 'mine' ? { mine: true } : { auditStatus: AUDIT_STATUS.approved }),
    ...(type !== ALL ? { paperType: Number(type) } : {}),
    ...(keyword ? { keyword } : {}),
  };
}

/**
 * 试卷库 (/knowledgeSelection/paperLibrary): the papers of the library — those the audit approved,
 * read by every teacher — or the caller's own, by type and title (paper/collection, paged by the
 * server). A paper opens in the paper editor (read-only unless it is the caller's); 复制 makes the
 * caller's own copy (paper/copy) and opens it; 下载 queues an approved library paper as Word or PDF;
 * 反馈 reports an error in a library paper.
 */
export function PaperLibrary({ title }: { title: string }) {
  const navigate = useNavigate();
  const dict = useBaseDicInfo();
  const copy = useCopyPaper();
  const [scope, setScope] = useState<Scope>('library');
  const [type, setType] = useState(ALL);
  const [keyword, setKeyword] = useState('');
  const [feedback, setFeedback] = useState<FeedbackTarget | null>(null);
  const search = librarySearch(scope, type, keyword);
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(search));
  const query = useCollection({ ...search, pageNo, pageSize: COLLECTION_PAGE_SIZE });

  const copyOf = (p: PaperSummary) =>
    copy.mutate(p.paperId, {
      onSuccess: (made) => {
        showSuccess(`已复制为「${made.paperName}」`);
        void navigate(knowledgeSectionEditPath(made.paperId));
      },
    });

  const columns: ListTableColumn<PaperSummary>[] = [
    {
      accessor: 'paperTitle',
      title: '试卷标题',
      width: 260,
      render: (p) => (
        <Anchor component={Link} to={knowledgeSectionEditPath(p.paperId)} size="sm">
          {formatText(p.paperTitle)}
        </Anchor>
      ),
    },
    { accessor: 'paperType', title: '类型', width: 90, render: (p) => typeName(p.paperType) },
    { accessor: 'scope', title: '学段学科', width: 110, render: (p) => scopeName(dict.data, p.stage, p.subject) },
    { accessor: 'ownerName', title: '作者', width: 100, render: (p) => formatText(p.ownerName) },
    ...(scope === 'mine'
      ? [
          {
            accessor: 'auditStatus',
            title: '审核状态',
            width: 100,
            render: (p: PaperSummary) => {
              const badge = auditBadge(p.auditStatus);
              return <CellBadge color={badge.color} text={badge.text} />;
            },
          },
        ]
      : []),
    { accessor: 'updateTime', title: '更新时间', width: 150, render: (p) => formatInstant(p.updateTime) },
    {
      accessor: 'actions',
      title: '操作',
      width: 240,
      toggleable: false,
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={knowledgeSectionEditPath(p.paperId)} size="sm">
            查看
          </Anchor>
          <Button
            size="compact-sm"
            variant="subtle"
            aria-label={`复制：${p.paperTitle}`}
            loading={copy.isPending && copy.variables === p.paperId}
            onClick={() => copyOf(p)}
          >
            复制
          </Button>
          {downloadable(p) && <LibraryDownloadMenu paperId={p.paperId} title={p.paperTitle} />}
          {scope === 'library' && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              aria-label={`反馈：${p.paperTitle}`}
              onClick={() => setFeedback({ type: FEEDBACK_TARGET.paper, id: p.paperId, title: p.paperTitle })}
            >
              反馈
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      <Paper withBorder p="sm" radius="md">
        <KeywordSearch placeholder="试卷标题" value={keyword} onSearch={setKeyword}>
          <Input.Wrapper label="范围" size="xs">
            <SegmentedControl
              size="xs"
              aria-label="范围"
              data={SCOPES}
              value={scope}
              onChange={(v) => setScope(v === 'mine' ? 'mine' : 'library')}
              display="flex"
            />
          </Input.Wrapper>
          <Input.Wrapper label="类型" size="xs">
            <SegmentedControl
              size="xs"
              aria-label="类型"
              data={TYPE_OPTIONS}
              value={type}
              onChange={setType}
              display="flex"
            />
          </Input.Wrapper>
        </KeywordSearch>
      </Paper>
      <PagedTable<PaperSummary>
        label="试卷库"
        storeKey={`paper-library-${scope}`}
        columns={columns}
        query={query}
        pageNo={pageNo}
        pageSize={COLLECTION_PAGE_SIZE}
        onPageChange={setPageNo}
        idAccessor="paperId"
        rowLabel={(p) => p.paperTitle}
        noRecordsText={
          keyword || type !== ALL
            ? '没有符合条件的试卷'
            : scope === 'mine'
              ? '还没有试卷；组讲义或复制库中试卷后会出现在这里'
              : '试卷库中还没有试卷'
        }
      />
      <FeedbackModal target={feedback} onClose={() => setFeedback(null)} />
    </Stack>
  );
}
