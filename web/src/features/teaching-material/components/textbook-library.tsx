import { Anchor, Button, Group, Input, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { CellBadge } from '@/components/data-table/cell-badge';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { ScopeSelect } from '@/components/scope-select';
import { coded, type Coded } from '@/features/question/question-dict';
import { teachingAidLibraryPath } from '@/features/teaching-aid/aid-paths';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import { PagedTable } from '@/features/teaching/components/paged-table';
import { usePageNo } from '@/features/teaching/use-page-no';
import type { Textbook } from '@/generated/Textbook';
import type { TextbookListRequest } from '@/generated/TextbookListRequest';
import { useScope } from '@/hooks/use-scope';
import { orDash } from '@/lib/format';
import { formatInstant } from '@/lib/report-format';
import { isLibraryEditor, useSession } from '@/lib/session';
import { useClassTypes, useTextbooks } from '../api/textbooks';
import { classTypeNames, LIBRARY_STATUSES, statusBadge, TEXTBOOK_PAGE_SIZE } from '../textbook-dict';
import { textbookSyllabusPath } from '../textbook-paths';
import { TextbookFormModal, type TextbookFormMode } from './textbook-form-modal';

const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: '全部' },
  ...LIBRARY_STATUSES.map((s) => ({ value: String(s.status), label: s.text })),
];

function columns(classTypes: readonly Coded[], onEdit: ((t: Textbook) => void) | null): ListTableColumn<Textbook>[] {
  return [
    {
      accessor: 'name',
      title: '教材名称',
      width: 220,
      render: (t) => (
        <Anchor component={Link} to={textbookSyllabusPath(t.id, t.name)} size="sm">
          {t.name}
        </Anchor>
      ),
    },
    { accessor: 'edition', title: '版本', width: 110, render: (t) => orDash(t.edition) },
    { accessor: 'grade', title: '年级', width: 90, render: (t) => orDash(t.grade) },
    {
      accessor: 'classTypes',
      title: '适用课型',
      width: 180,
      render: (t) => orDash(classTypeNames(t.classTypes, classTypes)),
    },
    { accessor: 'chapterCount', title: '章数', width: 70, textAlign: 'right' },
    {
      accessor: 'status',
      title: '状态',
      width: 90,
      render: (t) => {
        const badge = statusBadge(t.status);
        return <CellBadge color={badge.color} text={badge.text} />;
      },
    },
    { accessor: 'updateTime', title: '更新时间', width: 150, render: (t) => formatInstant(t.updateTime) },
    {
      accessor: 'actions',
      title: '操作',
      width: onEdit ? 130 : 80,
      toggleable: false,
      render: (t) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={textbookSyllabusPath(t.id, t.name)} size="sm">
            目录
          </Anchor>
          {onEdit && (
            <Button size="compact-sm" variant="subtle" onClick={() => onEdit(t)}>
              编辑
            </Button>
          )}
        </Group>
      ),
    },
  ];
}

/**
 * 教材库 (/easyDevelop/textbookLibrary): the textbooks of a stage and subject, by name, status and
 * class type, page by page; a name opens its chapters (教材目录). The library's editors create and
 * change textbooks (draft or published); the others see the published ones, read-only.
 */
export function TextbookLibrary({ title }: { title: string }) {
  const editor = useSession((s) => isLibraryEditor(s.user));
  const [scope, choose] = useScope();
  const classTypes = coded(useClassTypes().data);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState(ALL);
  const [classType, setClassType] = useState<string | null>(null);
  const [form, setForm] = useState<TextbookFormMode | null>(null);

  const search: TextbookListRequest | null = scope && {
    subject: scope.subject,
    stage: scope.stage,
    ...(keyword ? { name: keyword } : {}),
    ...(editor && status !== ALL ? { status: Number(status) } : {}),
    ...(classType ? { classType: Number(classType) } : {}),
  };
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(search));
  const query = useTextbooks(search && { ...search, pageNo, pageSize: TEXTBOOK_PAGE_SIZE });
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        <Group gap="sm">
          <Anchor component={Link} to={teachingAidLibraryPath()} size="sm">
            教辅库
          </Anchor>
          {editor && (
            <Button
              disabled={!scope}
              onClick={() => scope && setForm({ kind: 'create', subject: scope.subject, stage: scope.stage })}
            >
              新建教材
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder p="sm" radius="md">
        <KeywordSearch placeholder="教材名称" value={keyword} onSearch={setKeyword}>
          <ScopeSelect size="xs" value={scope} onChange={choose} />
          {editor && (
            <Input.Wrapper label="状态" size="xs">
              <SegmentedControl
                size="xs"
                aria-label="教材状态"
                data={STATUS_OPTIONS}
                value={status}
                onChange={setStatus}
                display="flex"
              />
            </Input.Wrapper>
          )}
          <Select
            size="xs"
            label="课型"
            w={120}
            placeholder="全部"
            data={classTypes.map((c) => ({ value: String(c.code), label: c.name }))}
            value={classType}
            onChange={setClassType}
            clearable
          />
        </KeywordSearch>
      </Paper>
      {!scope ? (
        <Text c="dimmed">请先选择学段与学科</Text>
      ) : (
        <PagedTable<Textbook>
          label="教材列表"
          storeKey="textbook-library"
          columns={columns(classTypes, editor ? (textbook) => setForm({ kind: 'edit', textbook }) : null)}
          query={query}
          pageNo={pageNo}
          pageSize={TEXTBOOK_PAGE_SIZE}
          onPageChange={setPageNo}
          idAccessor="id"
          rowLabel={(t) => t.name}
          noRecordsText={keyword || status !== ALL || classType ? '没有符合条件的教材' : '还没有教材'}
        />
      )}
      {editor && <TextbookFormModal mode={form} onClose={() => setForm(null)} />}
    </Stack>
  );
}
