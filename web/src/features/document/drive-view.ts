// What a drive location lists and which actions its rows offer (03 §2, §7.8): a folder of a
// space (write actions where the item may be written), 收到的 (copy into my space), 发出的
// (revoke), 共享 (both: my own items are the sent ones), the recycle bin (restore, purge).

import type { DriveItem } from '@/generated/DriveItem';
import { FOLDER_TYPE } from './drive-dict';
import type { DriveLocation } from './drive-location';

export type DriveView = 'space' | 'received' | 'sent' | 'shared' | 'recycle';

export function viewOf(at: DriveLocation): DriveView {
  return at.kind === 'personal' || at.kind === 'team' ? 'space' : at.kind;
}

/** How a row of 共享 is treated: items I sent are mine to write. */
export function rowView(view: DriveView, item: DriveItem): Exclude<DriveView, 'shared'> {
  if (view !== 'shared') return view;
  return item.canWrite ? 'sent' : 'received';
}

export type RowAction =
  | 'open'
  | 'rename'
  | 'move'
  | 'copy'
  | 'share'
  | 'planShare'
  | 'recycle'
  | 'copyToMine'
  | 'revoke'
  | 'restore'
  | 'purge';

export const ACTION_LABEL: Readonly<Record<RowAction, string>> = {
  open: '打开',
  rename: '重命名',
  move: '移动',
  copy: '复制',
  share: '分享',
  planShare: '分享链接',
  recycle: '删除',
  copyToMine: '复制到我的空间',
  revoke: '撤销分享',
  restore: '还原',
  purge: '彻底删除',
};

/** The label of 打开 for an item: folders open, files are previewed. */
export function openLabel(item: DriveItem): string {
  return item.typeCode === FOLDER_TYPE ? '打开' : '预览';
}

/** The actions of one row. */
export function rowActions(view: DriveView, item: DriveItem): RowAction[] {
  switch (rowView(view, item)) {
    case 'recycle':
      return ['restore', 'purge'];
    case 'received':
      return ['open', 'copyToMine'];
    case 'sent':
      return item.share ? ['open', 'revoke'] : ['open'];
    default:
      return item.canWrite
        ? ['open', 'rename', 'move', 'copy', 'share', 'planShare', 'recycle']
        : ['open', 'copy', 'planShare'];
  }
}

/** The actions on the picked rows together. */
export function batchActions(view: DriveView, items: readonly DriveItem[]): RowAction[] {
  if (items.length === 0) return [];
  if (view === 'recycle') return ['restore', 'purge'];
  const views = new Set(items.map((i) => rowView(view, i)));
  if (views.size !== 1) return [];
  if (views.has('received')) return ['copyToMine'];
  if (views.has('sent')) return items.every((i) => i.share) ? ['revoke'] : [];
  return items.every((i) => i.canWrite) ? ['move', 'copy', 'share', 'recycle'] : ['copy'];
}

/** 「讲义」 for one item, N 项 for several. */
export function itemsLabel(items: readonly Pick<DriveItem, 'name'>[]): string {
  const [only] = items;
  return items.length === 1 && only ? `「${only.name}」` : `${items.length} 项`;
}
