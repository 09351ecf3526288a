import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Input,
  Menu,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { CellBadge } from '@/components/data-table/cell-badge';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { ScopeSelect } from '@/components/scope-select';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { NameModal } from '@/features/document/components/name-modal';
import { PublishModal } from '@/features/library/components/publish-modal';
import { coded, type Coded } from '@/features/question/question-dict';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import { PagedTable } from '@/features/teaching/components/paged-table';
import { usePageNo } from '@/features/teaching/use-page-no';
import { useClassTypes } from '@/features/teaching-material/api/textbooks';
import { classTypeNames } from '@/features/teaching-material/textbook-dict';
import type { OutlineListRequest } from '@/generated/OutlineListRequest';
import type { TeachingOutline } from '@/generated/TeachingOutline';
import { useScope } from '@/hooks/use-scope';
import { formatInstant } from '@/lib/report-format';
import { isLibraryEditor, useSession } from '@/lib/session';
import { showSuccess } from '@/lib/toast';
import { useOutlineChanges, useOutlines } from '../api/outlines';
import { OUTLINE_PAGE_SIZE, PUBLISH_STATUS, publishBadge, VALID_OPTIONS, validBadge } from '../outline-dict';
import { ConfigModal } from './config-modal';
import { OutlineDrawer } from './outline-drawer';
import { OutlineFormModal, type OutlineFormMode } from './outline-form-modal';

const ALL = 'all';

type Dialog = { kind: 'rename' | 'config' | 'publish' | 'delete'; outline: TeachingOutline } | null;

interface RowActions {
  onOpen: (outline: TeachingOutline) => void;
  /** The editors' actions; none for the others. */
  editor: {
    onEdit: (outline: TeachingOutline) => void;
    onValid: (outline: TeachingOutline, valid: boolean) => void;
    onCopy: (outline: TeachingOutline) => void;
    onDialog: (dialog: NonNullable<Dialog>) => void;
  } | null;
}

function columns(classTypes: readonly Coded[], { onOpen, editor }: RowActions): ListTableColumn<TeachingOutline>[] {
  return [
    {
      accessor: 'name',
      title: '大纲名称',
      width: 220,
      render: (o) => (
        <Anchor component="button" type="button" size="sm" onClick={() => onOpen(o)}>
          {o.name}
        </Anchor>
      ),
    },
    {
      accessor: 'classType',
      title: '班型',
      width: 90,
      render: (o) => classTypeNames([o.classType], classTypes),
    },
    {
      accessor: 'lessonCount',
      title: '单元 / 课次 / 课时',
      width: 140,
      render: (o) => `${o.unitCount} / ${o.lessonCount} / ${o.totalHours}`,
    },
    {
      accessor: 'valid',
      title: '状态',
      width: 110,
      render: (o) => {
        const badge = validBadge(o.valid);
        return editor ? (
          <Switch
            size="sm"
            checked={o.valid}
            label={badge.text}
            aria-label={`在用：${o.name}`}
            onChange={(e) => editor.onValid(o, e.currentTarget.checked)}
          />
        ) : (
          <CellBadge color={badge.color} text={badge.text} />
        );
      },
    },
    {
      accessor: 'status',
      title: '讲义库',
      width: 150,
      render: (o) => {
        const badge = publishBadge(o.status);
        return (
          <Group gap={4} wrap="nowrap">
            <CellBadge color={badge.color} text={badge.text} />
            {o.status === PUBLISH_STATUS.published && (
              <Text size="xs" c="dimmed">
                {o.schoolIds.length === 0 ? '全部校区' : `${o.schoolIds.length} 个校区`}
              </Text>
            )}
          </Group>
        );
      },
    },
    { accessor: 'updateTime', title: '更新时间', width: 150, render: (o) => formatInstant(o.updateTime) },
    {
      accessor: 'actions',
      title: '操作',
      width: editor ? 150 : 80,
      toggleable: false,
      render: (o) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={() => onOpen(o)}>
            查看
          </Button>
          {editor && (
            <>
              <Button size="compact-sm" variant="subtle" onClick={() => editor.onEdit(o)}>
                编辑
              </Button>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`大纲操作：${o.name}`}>
                    ⋯
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => editor.onDialog({ kind: 'rename', outline: o })}>重命名</Menu.Item>
                  <Menu.Item onClick={() => editor.onCopy(o)}>复制</Menu.Item>
                  <Menu.Item onClick={() => editor.onDialog({ kind: 'config', outline: o })}>课程配置</Menu.Item>
                  <Menu.Item onClick={() => editor.onDialog({ kind: 'publish', outline: o })}>
                    {o.status === PUBLISH_STATUS.published ? '发布设置' : '发布到讲义库'}
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item color="red" onClick={() => editor.onDialog({ kind: 'delete', outline: o })}>
                    删除
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </>
          )}
        </Group>
      ),
    },
  ];
}

/**
 * 教学大纲 (/easyLessonPreparation/teachingInstruction): the teaching outlines of a stage and
 * subject, by class type, name and (for the editors) state, page by page; an outline opens with
 * its configuration, units and lessons. The library's editors create and change outlines with
 * their units and lessons (points, hours, handouts), put them in use or back to editing, rename,
 * copy, configure the course, publish them to the lecture library for some or all schools and
 * delete them; teachers read the outlines in use that their school's library holds.
 * With `classType` the list holds the courses of that class type only (易研发's 一对一课程), and
 * a new outline starts with it.
 */
export function TeachingOutlines({ title, classType: fixedClassType }: { title: string; classType?: number }) {
  const editor = useSession((s) => isLibraryEditor(s.user));
  const [scope, choose] = useScope();
  const classTypes = coded(useClassTypes().data);
  const changes = useOutlineChanges();
  const [keyword, setKeyword] = useState('');
  const [valid, setValid] = useState<string>(ALL);
  const [classType, setClassType] = useState<string | null>(null);
  const [form, setForm] = useState<OutlineFormMode | null>(null);
  const [opened, setOpened] = useState<TeachingOutline | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const listedClassType = fixedClassType ?? (classType ? Number(classType) : undefined);
  const search: OutlineListRequest | null = scope && {
    subject: scope.subject,
    stage: scope.stage,
    ...(listedClassType === undefined ? {} : { classType: listedClassType }),
    ...(keyword ? { keyword } : {}),
    ...(editor && valid !== ALL ? { valid: valid === 'true' } : {}),
  };
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(search));
  const query = useOutlines(search && { ...search, pageNo, pageSize: OUTLINE_PAGE_SIZE });
  const close = () => setDialog(null);
  const of = (kind: NonNullable<Dialog>['kind']) => (dialog?.kind === kind ? dialog.outline : null);

  const actions: RowActions = {
    onOpen: setOpened,
    editor: editor
      ? {
          onEdit: (outline) => setForm({ kind: 'edit', outline }),
          onValid: (outline, next) =>
            changes.valid.mutate(
              { outlineId: outline.outlineId, valid: next },
              {
                onSuccess: () =>
                  showSuccess(next ? `「${outline.name}」已设为在用` : `「${outline.name}」已设为编辑中`),
              },
            ),
          onCopy: (outline) =>
            changes.copy.mutate(outline.outlineId, {
              onSuccess: (copy) => showSuccess(`已复制为「${copy.name}」`),
            }),
          onDialog: setDialog,
        }
      : null,
  };

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        {editor && (
          <Button
            disabled={!scope}
            onClick={() =>
              scope &&
              setForm({ kind: 'create', subject: scope.subject, stage: scope.stage, classType: fixedClassType })
            }
          >
            新建大纲
          </Button>
        )}
      </Group>
      <Paper withBorder p="sm" radius="md">
        <KeywordSearch placeholder="大纲名称" value={keyword} onSearch={setKeyword}>
          <ScopeSelect size="xs" value={scope} onChange={choose} />
          {fixedClassType === undefined && (
            <Select
              size="xs"
              label="班型"
              w={120}
              placeholder="全部"
              data={classTypes.map((c) => ({ value: String(c.code), label: c.name }))}
              value={classType}
              onChange={setClassType}
              clearable
            />
          )}
          {editor && (
            <Input.Wrapper label="状态" size="xs">
              <SegmentedControl
                size="xs"
                aria-label="大纲状态"
                data={VALID_OPTIONS.map((o) => ({ ...o }))}
                value={valid}
                onChange={setValid}
                display="flex"
              />
            </Input.Wrapper>
          )}
        </KeywordSearch>
      </Paper>
      {!scope ? (
        <Text c="dimmed">请先选择学段与学科</Text>
      ) : (
        <PagedTable<TeachingOutline>
          label="大纲列表"
          storeKey="teaching-outline"
          columns={columns(classTypes, actions)}
          query={query}
          pageNo={pageNo}
          pageSize={OUTLINE_PAGE_SIZE}
          onPageChange={setPageNo}
          idAccessor="outlineId"
          rowLabel={(o) => o.name}
          noRecordsText={
            keyword || classType || valid !== ALL
              ? '没有符合条件的大纲'
              : editor
                ? '还没有大纲，点“新建大纲”开始'
                : '讲义库中还没有这个学科的大纲'
          }
        />
      )}
      <OutlineDrawer
        outline={opened}
        classTypeName={opened ? classTypeNames([opened.classType], classTypes) : ''}
        editor={editor}
        onClose={() => setOpened(null)}
      />
      {editor && (
        <>
          <OutlineFormModal mode={form} onClose={() => setForm(null)} />
          <NameModal
            opened={of('rename') !== null}
            title={`重命名 · ${of('rename')?.name ?? ''}`}
            label="大纲名称"
            initial={of('rename')?.name ?? ''}
            onSubmit={async (name) => {
              const outline = of('rename');
              if (!outline) return;
              await changes.rename.mutateAsync({ outlineId: outline.outlineId, name });
              showSuccess('大纲已重命名');
            }}
            onClose={close}
          />
          <ConfigModal outline={of('config')} onClose={close} />
          <PublishModal outline={of('publish')} onClose={close} />
          <ConfirmModal
            opened={of('delete') !== null}
            title="删除大纲"
            message={`确定删除大纲「${of('delete')?.name ?? ''}」吗？已发布到讲义库的大纲需先下架。`}
            confirmLabel="删除"
            busy={changes.remove.isPending}
            onClose={close}
            onConfirm={() => {
              const outline = of('delete');
              if (outline)
                changes.remove.mutate(outline.outlineId, {
                  onSuccess: () => {
                    close();
                    showSuccess('大纲已删除');
                  },
                });
            }}
          />
        </>
      )}
    </Stack>
  );
}
