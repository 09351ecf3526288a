import {
  Alert,
  Anchor,
  Button,
  Center,
  Grid,
  Group,
  Input,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ScopeSelect } from '@/components/scope-select';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { knowledgeSectionEditPath } from '@/config/paths';
import { NameModal } from '@/features/document/components/name-modal';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import { PagedTable } from '@/features/teaching/components/paged-table';
import { usePageNo } from '@/features/teaching/use-page-no';
import { LIBRARY_STATUSES } from '@/features/teaching-material/textbook-dict';
import { textbookLibraryPath } from '@/features/teaching-material/textbook-paths';
import type { AidSeries } from '@/generated/AidSeries';
import type { TeachingAid } from '@/generated/TeachingAid';
import type { TeachingAidListRequest } from '@/generated/TeachingAidListRequest';
import { useScope } from '@/hooks/use-scope';
import { isLibraryEditor, useSession } from '@/lib/session';
import { showSuccess } from '@/lib/toast';
import { useAids } from '../api/aids';
import { useSeriesChanges, useSeriesList } from '../api/series';
import { AID_PAGE_SIZE } from '../aid-dict';
import { aidColumns } from './aid-columns';
import { AidFormModal, type AidFormMode } from './aid-form-modal';
import { SeriesList } from './series-list';

const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: '全部' },
  ...LIBRARY_STATUSES.map((s) => ({ value: String(s.status), label: s.text })),
];

type SeriesDialog = { kind: 'create' } | { kind: 'rename'; series: AidSeries } | null;

/**
 * 教辅库 (/easyDevelop/teachingAidlibrary): the series of teaching aids of a stage and subject in
 * the library's order, and the aids of the series chosen, by title and status, page by page. The
 * library's editors create, rename, reorder (drag, or 上移 and 下移) and delete series (a series
 * holding aids cannot go), create and change aids; a new aid opens its paper in the editor. The
 * others see the published aids, read-only.
 */
export function TeachingAidLibrary({ title }: { title: string }) {
  const editor = useSession((s) => isLibraryEditor(s.user));
  const [scope, choose] = useScope();
  const list = useSeriesList(scope?.subject ?? null, scope?.stage ?? null);
  const series = list.data ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const selected = series.find((s) => s.id === picked) ?? series[0] ?? null;
  const [dialog, setDialog] = useState<SeriesDialog>(null);
  const [deleting, setDeleting] = useState<AidSeries | null>(null);

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        <Group gap="sm">
          <Anchor component={Link} to={textbookLibraryPath()} size="sm">
            教材库
          </Anchor>
          {editor && (
            <Button disabled={!scope} onClick={() => setDialog({ kind: 'create' })}>
              新建系列
            </Button>
          )}
        </Group>
      </Group>
      <Group align="flex-end" gap="sm">
        <ScopeSelect
          value={scope}
          onChange={(next) => {
            choose(next);
            setPicked(null);
          }}
        />
      </Group>
      {!scope ? (
        <Text c="dimmed">请先选择学段与学科</Text>
      ) : (
        <>
          <Grid gutter="md" align="flex-start">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Paper withBorder p="sm" radius="md">
                {list.isPending ? (
                  <Center p="md">
                    <Loader size="sm" aria-label="正在加载系列" />
                  </Center>
                ) : list.isError ? (
                  <Alert color="orange" title="系列加载失败">
                    {list.error.message}
                  </Alert>
                ) : series.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    {editor ? '还没有系列，点“新建系列”开始' : '这个学科还没有教辅'}
                  </Text>
                ) : (
                  <SeriesPanel
                    subject={scope.subject}
                    stage={scope.stage}
                    series={series}
                    selectedId={selected?.id ?? null}
                    onSelect={(s) => setPicked(s.id)}
                    editor={editor}
                    onRename={(s) => setDialog({ kind: 'rename', series: s })}
                    onDelete={setDeleting}
                  />
                )}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              {selected ? (
                <AidPanel key={selected.id} series={selected} editor={editor} />
              ) : (
                <Paper withBorder p="xl" radius="md">
                  <Text c="dimmed" ta="center">
                    选择左侧的系列查看教辅
                  </Text>
                </Paper>
              )}
            </Grid.Col>
          </Grid>
          {editor && (
            <SeriesDialogs
              subject={scope.subject}
              stage={scope.stage}
              dialog={dialog}
              onClose={() => setDialog(null)}
              onCreated={(s) => setPicked(s.id)}
              deleting={deleting}
              onDeleteClose={() => setDeleting(null)}
            />
          )}
        </>
      )}
    </Stack>
  );
}

interface SeriesPanelProps {
  subject: number;
  stage: number;
  series: readonly AidSeries[];
  selectedId: number | null;
  onSelect: (series: AidSeries) => void;
  editor: boolean;
  onRename: (series: AidSeries) => void;
  onDelete: (series: AidSeries) => void;
}

function SeriesPanel({ subject, stage, ...props }: SeriesPanelProps) {
  const { sort } = useSeriesChanges(subject, stage);
  return (
    <Stack gap="xs">
      {props.editor && props.series.length > 1 && (
        <Text size="xs" c="dimmed">
          拖动左侧手柄或用箭头调整系列顺序
        </Text>
      )}
      <SeriesList {...props} onReorder={(ids) => sort.mutate(ids)} />
    </Stack>
  );
}

interface SeriesDialogsProps {
  subject: number;
  stage: number;
  dialog: SeriesDialog;
  onClose: () => void;
  onCreated: (series: AidSeries) => void;
  deleting: AidSeries | null;
  onDeleteClose: () => void;
}

/** 新建系列, 重命名系列 and 删除系列 of the subject and stage shown. */
function SeriesDialogs({ subject, stage, dialog, onClose, onCreated, deleting, onDeleteClose }: SeriesDialogsProps) {
  const { save, remove } = useSeriesChanges(subject, stage);
  return (
    <>
      <NameModal
        opened={dialog !== null}
        title={dialog?.kind === 'rename' ? `重命名系列 · ${dialog.series.name}` : '新建系列'}
        label="系列名称"
        initial={dialog?.kind === 'rename' ? dialog.series.name : ''}
        onSubmit={async (name) => {
          const saved = await save.mutateAsync({
            ...(dialog?.kind === 'rename' ? { id: dialog.series.id } : {}),
            name,
            subject,
            stage,
          });
          if (dialog?.kind === 'rename') showSuccess('系列已重命名');
          else {
            showSuccess(`已创建系列「${saved.name}」`);
            onCreated(saved);
          }
        }}
        onClose={onClose}
      />
      <ConfirmModal
        opened={deleting !== null}
        title="删除系列"
        message={deleting ? `确定删除系列「${deleting.name}」吗？系列中还有教辅时不能删除。` : ''}
        confirmLabel="删除"
        busy={remove.isPending}
        onClose={onDeleteClose}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              onDeleteClose();
              showSuccess('系列已删除');
            },
          })
        }
      />
    </>
  );
}

/** The aids of one series, by title and status (the editors'), with 新建教辅. */
function AidPanel({ series, editor }: { series: AidSeries; editor: boolean }) {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState(ALL);
  const [form, setForm] = useState<AidFormMode | null>(null);
  const search: TeachingAidListRequest = {
    seriesId: series.id,
    ...(keyword ? { keyword } : {}),
    ...(editor && status !== ALL ? { status: Number(status) } : {}),
  };
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(search));
  const query = useAids({ ...search, pageNo, pageSize: AID_PAGE_SIZE });

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={5}>{series.name}</Title>
          {editor && (
            <Button size="xs" onClick={() => setForm({ kind: 'create', seriesId: series.id, seriesName: series.name })}>
              新建教辅
            </Button>
          )}
        </Group>
        <KeywordSearch placeholder="教辅标题" value={keyword} onSearch={setKeyword}>
          {editor && (
            <Input.Wrapper label="状态" size="xs">
              <SegmentedControl
                size="xs"
                aria-label="教辅状态"
                data={STATUS_OPTIONS}
                value={status}
                onChange={setStatus}
                display="flex"
              />
            </Input.Wrapper>
          )}
        </KeywordSearch>
        <PagedTable<TeachingAid>
          label="教辅列表"
          storeKey="teaching-aid-library"
          columns={aidColumns({
            linkTitle: true,
            withSeries: false,
            withStatus: true,
            onEdit: editor ? (aid) => setForm({ kind: 'edit', aid }) : undefined,
          })}
          query={query}
          pageNo={pageNo}
          pageSize={AID_PAGE_SIZE}
          onPageChange={setPageNo}
          idAccessor="id"
          rowLabel={(a) => a.title}
          noRecordsText={keyword || status !== ALL ? '没有符合条件的教辅' : '这个系列还没有教辅'}
        />
      </Stack>
      {editor && (
        <AidFormModal
          mode={form}
          onClose={() => setForm(null)}
          onSaved={(aid, created) => {
            if (created) void navigate(knowledgeSectionEditPath(aid.paperId));
          }}
        />
      )}
    </Paper>
  );
}
