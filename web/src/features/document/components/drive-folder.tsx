// One listing of the drive (a folder of a space, 收到的, 发出的, 共享 or the recycle bin): the
// breadcrumbs, the toolbar (new folder, upload, link import; search by name, type filter, sort),
// the list in the one table with multi-select and batch actions, each row's actions, and the
// dialogs they open. Rows are dragged onto folders (see drive-dnd).

import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Menu,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import { type ListSort, ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { BatchResult } from '@/generated/BatchResult';
import type { Crumb } from '@/generated/Crumb';
import type { DocumentQuery } from '@/generated/DocumentQuery';
import type { DriveItem } from '@/generated/DriveItem';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { showSuccess } from '@/lib/toast';
import { useFolderPage } from '../api/drive';
import {
  useCopyItems,
  useCreateDocument,
  useEmptyRecycle,
  useImportLink,
  useMoveItems,
  usePurgeItems,
  useRecycleItems,
  useRenameItem,
  useRestoreItems,
} from '../api/items';
import { getPreview, isInPlace } from '../api/preview';
import { useRevokeShare } from '../api/share';
import { browserNav } from '../browser-nav';
import {
  ASCENDING,
  DEFAULT_ORDER_TYPE,
  DESCENDING,
  FOLDER_TYPE,
  iconOf,
  ORDER_TYPES,
  PAGE_SIZE,
  RESOURCE_TYPES,
  typeIdsOf,
} from '../drive-dict';
import { type DriveLocation, insideFolder, LOCATION, teamIdOf } from '../drive-location';
import type { DriveUploads } from '../drive-upload';
import {
  ACTION_LABEL,
  batchActions,
  type DriveView,
  itemsLabel,
  openLabel,
  type RowAction,
  rowActions,
  rowView,
  viewOf,
} from '../drive-view';
import { DriveBreadcrumbs } from './drive-breadcrumbs';
import { type DragPayload, type DropTarget } from '../drive-drop';
import { DriveRow } from './drive-dnd';
import { DriveIcon } from './drive-icon';
import { FolderPickerModal, type PickedFolder } from './folder-picker-modal';
import { LinkModal } from './link-modal';
import { NameModal } from './name-modal';
import { PlanShareModal } from './plan-share-modal';
import { PreviewModal, type PreviewState } from './preview-modal';
import { ShareModal } from './share-modal';
import { UploadModal } from './upload-modal';

export interface FolderViewProps {
  at: DriveLocation;
  /** Goes to another location (a folder opened, a crumb). */
  onNavigate: (to: DriveLocation, extra?: { parentId?: number; path?: string }) => void;
  /** The name of a space (0: personal), for a sent folder opened where it lives. */
  spaceNameOf: (teamId: number) => string;
  uploads: DriveUploads;
  /** A copy answered a job. */
  onCopyJob: (jobId: number) => void;
}

const SEARCH_DELAY_MS = 300;

const EMPTY_TEXT: Readonly<Record<DriveView, string>> = {
  space: '此文件夹为空',
  received: '暂无收到的文件',
  sent: '暂无发出的分享',
  shared: '暂无共享的文件',
  recycle: '回收站为空',
};

type Dialog =
  | { kind: 'newFolder' | 'link' | 'upload' | 'empty' }
  | { kind: 'rename'; item: DriveItem }
  | { kind: 'move' | 'copy' | 'share' | 'planShare' | 'recycle' | 'purge'; items: DriveItem[] };

const orderOfField = (field: string) => ORDER_TYPES.find((o) => o.field === field)?.value ?? DEFAULT_ORDER_TYPE;

export function FolderView({ at, onNavigate, spaceNameOf, uploads, onCopyJob }: FolderViewProps) {
  const view = viewOf(at);
  const [text, setText] = useState('');
  const [likeName] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const [types, setTypes] = useState<string[]>([]);
  const [orderType, setOrderType] = useState(DEFAULT_ORDER_TYPE);
  const [asc, setAsc] = useState(false);
  // A new search starts at its first page.
  const filterKey = JSON.stringify([likeName, types, orderType, asc]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const pageNo = paging.key === filterKey ? paging.page : 1;
  const query: DocumentQuery = {
    likeName: likeName || undefined,
    createTimeOrder: asc ? ASCENDING : DESCENDING,
    teamId: teamIdOf(at),
    orderType,
    pageNum: pageNo,
    pageSize: PAGE_SIZE,
    subjectId: -1,
    typeIds: typeIdsOf(types.map(Number)),
  };
  const list = useFolderPage(at.id, query);
  const page = list.data;
  const records = page?.records ?? [];
  const [pickedIds, setPickedIds] = useState<number[]>([]);
  const picked = records.filter((r) => pickedIds.includes(r.id));

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [preview, setPreview] = useState<PreviewState | null>(null);
  const close = () => setDialog(null);

  const create = useCreateDocument();
  const link = useImportLink();
  const rename = useRenameItem();
  const move = useMoveItems();
  const copy = useCopyItems();
  const recycle = useRecycleItems();
  const restore = useRestoreItems();
  const purge = usePurgeItems();
  const empty = useEmptyRecycle();
  const revoke = useRevokeShare();

  const teamId = teamIdOf(at);
  const canWrite = view === 'space' && page?.canWrite === true;
  const folderName = page ? (page.crumbs.at(-1)?.name ?? at.nodeName) : at.nodeName;
  const clearPicked = () => setPickedIds([]);

  const open = (item: DriveItem) => {
    if (item.typeCode === FOLDER_TYPE) {
      const extra = { parentId: item.parentId, path: item.path };
      const as = rowView(view, item);
      if (as === 'sent') {
        const team = item.teamId;
        onNavigate(
          {
            nodeId: team ? `team-${team}` : 'personal',
            kind: team ? 'team' : 'personal',
            teamId: team,
            id: item.id,
            nodeName: spaceNameOf(team),
            location: team ? LOCATION.team : LOCATION.personal,
          },
          extra,
        );
      } else if (view === 'shared') {
        onNavigate(
          {
            nodeId: 'received',
            kind: 'received',
            teamId: 0,
            id: item.id,
            nodeName: '收到的',
            location: LOCATION.received,
          },
          extra,
        );
      } else {
        onNavigate(insideFolder(at, item.id), extra);
      }
      return;
    }
    if (item.linkUrl) {
      browserNav.openTab(item.linkUrl);
      return;
    }
    getPreview(item.id).then(
      (answer) => {
        if (isInPlace(answer.kind)) setPreview({ name: item.name, kind: answer.kind, url: answer.url });
        else if (answer.kind === 'download') browserNav.download(answer.url);
        else browserNav.openTab(answer.url);
      },
      () => undefined,
    );
  };

  const copied = (result: BatchResult, where: string) => {
    if (result.jobId !== undefined) {
      onCopyJob(result.jobId);
      showSuccess('复制任务已开始');
    } else {
      showSuccess(`已复制 ${result.ids.length} 项到${where}`);
    }
  };

  const act = (action: RowAction, items: DriveItem[]) => {
    const ids = items.map((i) => i.id);
    const [first] = items;
    switch (action) {
      case 'open':
        if (first) open(first);
        return;
      case 'rename':
        if (first) setDialog({ kind: 'rename', item: first });
        return;
      case 'move':
      case 'copy':
      case 'share':
      case 'planShare':
      case 'recycle':
      case 'purge':
        setDialog({ kind: action, items });
        return;
      case 'copyToMine':
        copy.mutate(
          { ids, targetId: 0, teamId: 0 },
          {
            onSuccess: (result) => {
              copied(result, '我的空间');
              clearPicked();
            },
          },
        );
        return;
      case 'revoke': {
        const shares = items.flatMap((i) => (i.share ? [i.share.shareId] : []));
        Promise.all(shares.map((shareId) => revoke.mutateAsync(shareId))).then(
          () => {
            showSuccess(`已撤销分享${itemsLabel(items)}`);
            clearPicked();
          },
          () => undefined,
        );
        return;
      }
      case 'restore':
        restore.mutate(ids, {
          onSuccess: () => {
            showSuccess(`已还原 ${itemsLabel(items)}`);
            clearPicked();
          },
        });
        return;
    }
  };

  const goToCrumb = (crumb: Crumb) => onNavigate({ ...at, id: crumb.id });

  const dragOf = (item: DriveItem): DragPayload | null => {
    if (view !== 'space' || !item.canWrite) return null;
    if (pickedIds.includes(item.id) && picked.length > 1) {
      const writable = picked.filter((p) => p.canWrite);
      return { ids: writable.map((p) => p.id), label: `${writable.length} 项` };
    }
    return { ids: [item.id], label: item.name };
  };
  const dropOf = (item: DriveItem): DropTarget | null =>
    view === 'space' && item.typeCode === FOLDER_TYPE && item.canWrite
      ? { kind: 'folder', targetId: item.id, teamId: teamId ?? 0, label: item.name }
      : null;

  const sortField = ORDER_TYPES.find((o) => o.value === orderType)?.field ?? 'updateTime';
  const sort: ListSort = { field: sortField, asc };
  const onSortChange = (next: ListSort) => {
    setOrderType(orderOfField(next.field));
    setAsc(next.asc);
  };

  const columns = columnsOf(view, open, (action, item) => act(action, [item]));
  const batch = batchActions(view, picked);
  const pages = Math.max(1, Math.ceil((page?.total ?? 0) / PAGE_SIZE));

  return (
    <Stack gap="sm" data-testid="drive-folder" data-node-id={at.nodeId} data-folder-id={at.id}>
      <DriveBreadcrumbs at={at} crumbs={page?.crumbs ?? []} onOpen={goToCrumb} />
      <Group justify="space-between" gap="xs" role="toolbar" aria-label="文件操作" data-testid="drive-toolbar">
        <Group gap="xs">
          {view === 'space' && (
            <>
              <Button
                size="xs"
                disabled={!canWrite}
                onClick={() => setDialog({ kind: 'newFolder' })}
                data-testid="drive-new-folder"
              >
                新建文件夹
              </Button>
              <Button
                size="xs"
                variant="light"
                disabled={!canWrite}
                onClick={() => setDialog({ kind: 'upload' })}
                data-testid="drive-upload"
              >
                上传文件
              </Button>
              <Button
                size="xs"
                variant="light"
                disabled={!canWrite}
                onClick={() => setDialog({ kind: 'link' })}
                data-testid="drive-import-link"
              >
                导入链接
              </Button>
            </>
          )}
          {view === 'recycle' && (
            <Button
              size="xs"
              color="red"
              variant="light"
              disabled={(page?.total ?? 0) === 0}
              onClick={() => setDialog({ kind: 'empty' })}
              data-testid="drive-empty-recycle"
            >
              清空回收站
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <TextInput
            size="xs"
            aria-label="按名称搜索"
            placeholder="按名称搜索"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-testid="drive-search"
            w={180}
          />
          <MultiSelect
            size="xs"
            aria-label="类型"
            placeholder={types.length === 0 ? '全部类型' : undefined}
            data={RESOURCE_TYPES.map((t) => ({ value: String(t.code), label: t.label }))}
            value={types}
            onChange={setTypes}
            clearable
            w={200}
            data-testid="drive-type-filter"
          />
          <Select
            size="xs"
            aria-label="排序"
            data={ORDER_TYPES.map((o) => ({ value: String(o.value), label: `按${o.label}` }))}
            value={String(orderType)}
            onChange={(v) => v && setOrderType(Number(v))}
            allowDeselect={false}
            w={100}
            data-testid="drive-sort"
          />
          <Tooltip label={asc ? '升序' : '降序'}>
            <ActionIcon
              variant="default"
              aria-label={asc ? '升序' : '降序'}
              onClick={() => setAsc((a) => !a)}
              data-testid="drive-sort-direction"
            >
              {asc ? '↑' : '↓'}
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {picked.length > 0 && (
        <Group gap="xs" role="toolbar" aria-label="批量操作" data-testid="drive-batch">
          <Text size="sm">已选 {picked.length} 项</Text>
          {batch.map((action) => (
            <Button
              key={action}
              size="compact-sm"
              variant={action === 'recycle' || action === 'purge' ? 'light' : 'default'}
              color={action === 'recycle' || action === 'purge' ? 'red' : undefined}
              onClick={() => act(action, picked)}
            >
              {ACTION_LABEL[action]}
            </Button>
          ))}
          <Anchor component="button" size="sm" c="dimmed" onClick={clearPicked}>
            取消选择
          </Anchor>
        </Group>
      )}
      <div data-testid="drive-list" data-total={page?.total ?? ''} data-loading={list.isFetching || undefined}>
        <ListTable<DriveItem>
          label="文件列表"
          storeKey={`drive-list-${view}`}
          columns={columns}
          records={records}
          idAccessor="id"
          rowAttributes={(item) => ({
            'aria-label': item.name,
            'data-testid': 'drive-row',
            'data-id': item.id,
            'data-type': item.typeCode,
          })}
          noRecordsText={likeName || types.length > 0 ? '没有符合条件的文件' : EMPTY_TEXT[view]}
          fetching={list.isPending}
          sort={sort}
          onSortChange={onSortChange}
          selection={{
            selected: picked,
            onChange: (rows) => setPickedIds(rows.map((r) => r.id)),
            label: (r) => r.name,
          }}
          onRowDoubleClick={view === 'recycle' ? undefined : open}
          rowFactory={({ record, rowProps, children }) => (
            <DriveRow id={record.id} rowProps={rowProps} drag={dragOf(record)} drop={dropOf(record)}>
              {children}
            </DriveRow>
          )}
        />
      </div>
      <ListFooter
        page={pageNo}
        pages={pages}
        total={page?.total ?? 0}
        onPageChange={(p) => {
          setPaging({ key: filterKey, page: p });
          clearPicked();
        }}
      />

      <NameModal
        opened={dialog?.kind === 'newFolder'}
        title="新建文件夹"
        label="文件夹名称"
        onClose={close}
        onSubmit={(name) =>
          create
            .mutateAsync({ parentId: at.id, teamId, name })
            .then((made) => showSuccess(`已新建文件夹「${made.name}」`))
        }
      />
      <NameModal
        opened={dialog?.kind === 'rename'}
        title="重命名"
        label="名称"
        initial={dialog?.kind === 'rename' ? dialog.item.name : ''}
        onClose={close}
        onSubmit={(name) =>
          dialog?.kind === 'rename'
            ? rename.mutateAsync({ id: dialog.item.id, name }).then((item) => showSuccess(`已重命名为「${item.name}」`))
            : Promise.resolve()
        }
      />
      <LinkModal
        opened={dialog?.kind === 'link'}
        onClose={close}
        onSubmit={({ name, url }) =>
          link
            .mutateAsync({ parentId: at.id, teamId, name, url })
            .then((item) => showSuccess(`已导入链接「${item.name}」`))
        }
      />
      <UploadModal
        opened={dialog?.kind === 'upload'}
        uploads={uploads}
        target={{ parentId: at.id, teamId }}
        folderName={folderName}
        onClose={close}
      />
      <FolderPickerModal
        opened={dialog?.kind === 'move'}
        title={dialog?.kind === 'move' ? `移动${itemsLabel(dialog.items)}到` : '移动到'}
        confirmLabel="移动到此处"
        excludeIds={
          dialog?.kind === 'move' ? dialog.items.filter((i) => i.typeCode === FOLDER_TYPE).map((i) => i.id) : []
        }
        onClose={close}
        onPick={(target: PickedFolder) => {
          if (dialog?.kind !== 'move') return Promise.resolve();
          const label = itemsLabel(dialog.items);
          return move
            .mutateAsync({ ids: dialog.items.map((i) => i.id), targetId: target.targetId, teamId: target.teamId })
            .then(() => {
              showSuccess(`已将${label}移动到「${target.name}」`);
              clearPicked();
            });
        }}
      />
      <FolderPickerModal
        opened={dialog?.kind === 'copy'}
        title={dialog?.kind === 'copy' ? `复制${itemsLabel(dialog.items)}到` : '复制到'}
        confirmLabel="复制到此处"
        onClose={close}
        onPick={(target: PickedFolder) => {
          if (dialog?.kind !== 'copy') return Promise.resolve();
          return copy
            .mutateAsync({ ids: dialog.items.map((i) => i.id), targetId: target.targetId, teamId: target.teamId })
            .then((result) => {
              copied(result, `「${target.name}」`);
              clearPicked();
            });
        }}
      />
      <ShareModal
        opened={dialog?.kind === 'share'}
        ids={dialog?.kind === 'share' ? dialog.items.map((i) => i.id) : []}
        label={dialog?.kind === 'share' ? itemsLabel(dialog.items) : ''}
        onClose={close}
      />
      <PlanShareModal
        opened={dialog?.kind === 'planShare'}
        ids={dialog?.kind === 'planShare' ? dialog.items.map((i) => i.id) : []}
        label={dialog?.kind === 'planShare' ? itemsLabel(dialog.items) : ''}
        onClose={close}
      />
      <ConfirmModal
        opened={dialog?.kind === 'recycle'}
        title="删除"
        message={
          dialog?.kind === 'recycle'
            ? `将${itemsLabel(dialog.items)}移到回收站？文件夹连同其中的内容一起移入，可在回收站还原。`
            : ''
        }
        confirmLabel="删除"
        busy={recycle.isPending}
        onClose={close}
        onConfirm={() => {
          if (dialog?.kind !== 'recycle') return;
          const label = itemsLabel(dialog.items);
          recycle.mutate(
            dialog.items.map((i) => i.id),
            {
              onSuccess: () => {
                showSuccess(`已将${label}移到回收站`);
                clearPicked();
              },
              onSettled: close,
            },
          );
        }}
      />
      <ConfirmModal
        opened={dialog?.kind === 'purge'}
        title="彻底删除"
        message={dialog?.kind === 'purge' ? `彻底删除${itemsLabel(dialog.items)}？删除后无法恢复。` : ''}
        confirmLabel="彻底删除"
        busy={purge.isPending}
        onClose={close}
        onConfirm={() => {
          if (dialog?.kind !== 'purge') return;
          const label = itemsLabel(dialog.items);
          purge.mutate(
            dialog.items.map((i) => i.id),
            {
              onSuccess: () => {
                showSuccess(`已彻底删除${label}`);
                clearPicked();
              },
              onSettled: close,
            },
          );
        }}
      />
      <ConfirmModal
        opened={dialog?.kind === 'empty'}
        title="清空回收站"
        message="清空回收站中的全部内容？清空后无法恢复。"
        confirmLabel="清空"
        busy={empty.isPending}
        onClose={close}
        onConfirm={() =>
          empty.mutate(undefined, {
            onSuccess: () => {
              showSuccess('回收站已清空');
              clearPicked();
            },
            onSettled: close,
          })
        }
      />
      <PreviewModal preview={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}

/** The list's columns in a view. */
function columnsOf(
  view: DriveView,
  open: (item: DriveItem) => void,
  act: (action: RowAction, item: DriveItem) => void,
): ListTableColumn<DriveItem>[] {
  const name: ListTableColumn<DriveItem> = {
    accessor: 'name',
    title: '名称',
    sortable: true,
    toggleable: false,
    render: (item) => (
      <Group gap="xs" wrap="nowrap">
        <DriveIcon item={item} />
        {view === 'recycle' ? (
          <Text size="sm">{item.name}</Text>
        ) : (
          <Anchor component="button" size="sm" onClick={() => open(item)} data-testid="drive-open" ta="left">
            {item.name}
          </Anchor>
        )}
      </Group>
    ),
  };
  const type: ListTableColumn<DriveItem> = {
    accessor: 'typeCode',
    title: '类型',
    sortable: true,
    render: (item) => iconOf(item).label,
  };
  const size: ListTableColumn<DriveItem> = {
    accessor: 'size',
    title: '大小',
    sortable: true,
    render: (item) => (item.typeCode === FOLDER_TYPE ? `${item.childCount} 项` : formatFileSize(item.size)),
  };
  const who: ListTableColumn<DriveItem> =
    view === 'sent'
      ? { accessor: 'receiver', title: '分享给', render: (item) => item.share?.receiverName ?? '-' }
      : view === 'received' || view === 'shared'
        ? { accessor: 'sender', title: '分享人', render: (item) => item.share?.senderName ?? item.ownerName }
        : { accessor: 'ownerName', title: '所有者' };
  const when: ListTableColumn<DriveItem> =
    view === 'recycle'
      ? {
          accessor: 'deletedTime',
          title: '删除时间',
          render: (item) => (item.deletedTime ? formatDateTime(new Date(item.deletedTime)) : '-'),
        }
      : {
          accessor: 'updateTime',
          title: view === 'space' ? '修改时间' : '时间',
          sortable: true,
          render: (item) => formatDateTime(new Date(item.share?.shareTime ?? item.updateTime)),
        };
  const actions: ListTableColumn<DriveItem> = {
    accessor: 'actions',
    title: '操作',
    toggleable: false,
    render: (item) => <RowMenu view={view} item={item} act={act} />,
  };
  return [name, type, size, who, when, actions];
}

function RowMenu({ view, item, act }: { view: DriveView; item: DriveItem; act: (a: RowAction, i: DriveItem) => void }) {
  const actions = rowActions(view, item);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`更多操作：${item.name}`} data-testid="drive-row-menu">
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action}
            color={action === 'recycle' || action === 'purge' ? 'red' : undefined}
            onClick={() => act(action, item)}
          >
            {action === 'open' ? openLabel(item) : ACTION_LABEL[action]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
