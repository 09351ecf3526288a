// The drive's code tables (01 §3, 03 §3): resource types, the second icon scheme, sorts, team
// roles, and the type filter's '-1 = all' rule.

/** Resource types (typeCode) and their labels. */
export const RESOURCE_TYPES: readonly { code: number; label: string }[] = [
  { code: 0, label: '文件夹' },
  { code: 1, label: '文档' },
  { code: 2, label: '音视频' },
  { code: 3, label: '题集' },
  { code: 4, label: '闪卡' },
  { code: 5, label: '训练营' },
  { code: 6, label: '讲义' },
  { code: 7, label: '图片' },
];

/** All types: a list holding only -1. */
export const ALL_TYPES = -1;

/** The `typeIds` of a type filter: the picked codes, or [-1] (all) when none is picked. */
export function typeIdsOf(picked: readonly number[]): number[] {
  return picked.length === 0 || picked.includes(ALL_TYPES) ? [ALL_TYPES] : [...picked].sort((a, b) => a - b);
}

export const FOLDER_TYPE = 0;

/** `orderType` of the document query: 1 name, 2 time (default), 3 size, 4 type. */
export const ORDER_TYPES: readonly { value: number; label: string; field: string }[] = [
  { value: 1, label: '名称', field: 'name' },
  { value: 2, label: '时间', field: 'updateTime' },
  { value: 3, label: '大小', field: 'size' },
  { value: 4, label: '类型', field: 'typeCode' },
];

export const DEFAULT_ORDER_TYPE = 2;

/** `createTimeOrder`: 1 ascending (oldest first); 2 descending. */
export const ASCENDING = 1;
export const DESCENDING = 2;

export const PAGE_SIZE = 30;

/** Team roles (1 owner, 2 editor, 3 viewer). */
export const TEAM_ROLE = { owner: 1, editor: 2, viewer: 3 } as const;

export const TEAM_ROLE_LABEL: Readonly<Record<number, string>> = {
  1: '所有者',
  2: '可编辑',
  3: '仅查看',
};

/** Editors and the owner write in a team space. */
export const canWriteTeam = (role: number) => role === TEAM_ROLE.owner || role === TEAM_ROLE.editor;

/** How an item's icon is drawn: a label (its accessible name), a colour and a short mark. */
export interface IconSpec {
  label: string;
  color: string;
  mark: string;
}

const FOLDER_ICON: IconSpec = { label: '文件夹', color: '#f59f00', mark: '' };
const QUESTION_SET_ICON: IconSpec = { label: '题集', color: '#7048e8', mark: '题' };
const CAMP_ICON: IconSpec = { label: '训练营', color: '#e8590c', mark: '营' };
const PICTURE_ICON: IconSpec = { label: '图片', color: '#12b886', mark: '图' };

const BY_ICON_CODE: Readonly<Record<number, IconSpec>> = {
  0: FOLDER_ICON,
  1: QUESTION_SET_ICON,
  3: { label: '教材', color: '#1c7ed6', mark: '教' },
  4: CAMP_ICON,
  7: { label: '班级', color: '#0ca678', mark: '班' },
  8: { label: '问卷', color: '#ae3ec9', mark: '问' },
  101: PICTURE_ICON,
  201: { label: '视频', color: '#f03e3e', mark: '▶' },
  301: { label: 'PDF', color: '#e03131', mark: 'PDF' },
  302: { label: 'Word', color: '#1971c2', mark: 'W' },
  303: { label: 'Excel', color: '#2f9e44', mark: 'X' },
  304: { label: 'PPT', color: '#e8590c', mark: 'P' },
  305: { label: '压缩包', color: '#868e96', mark: 'ZIP' },
  306: { label: '压缩包', color: '#868e96', mark: 'ZIP' },
};

const BY_TYPE_CODE: Readonly<Record<number, IconSpec>> = {
  0: FOLDER_ICON,
  1: { label: '文档', color: '#1c7ed6', mark: '文' },
  2: { label: '音视频', color: '#f03e3e', mark: '▶' },
  3: QUESTION_SET_ICON,
  4: { label: '闪卡', color: '#f76707', mark: '卡' },
  5: CAMP_ICON,
  6: { label: '讲义', color: '#5c7cfa', mark: '讲' },
  7: PICTURE_ICON,
};

const AUDIO_EXTS = new Set(['mp3', 'aac', 'wav', 'm4a']);

/**
 * An item's icon: a folder, a web link or audio, then its icon code (0 is a folder's only), then
 * its type, then a plain file.
 */
export function iconOf(item: { typeCode: number; iconCode: number; ext: string; linkUrl?: string }): IconSpec {
  if (item.typeCode === FOLDER_TYPE) return FOLDER_ICON;
  if (item.linkUrl) return { label: '链接', color: '#15aabf', mark: '🔗' };
  if (item.typeCode === 2 && AUDIO_EXTS.has(item.ext.toLowerCase())) {
    return { label: '音频', color: '#d6336c', mark: '♪' };
  }
  const byIcon = item.iconCode === 0 ? undefined : BY_ICON_CODE[item.iconCode];
  return byIcon ?? BY_TYPE_CODE[item.typeCode] ?? { label: '文件', color: '#868e96', mark: '文' };
}

export function typeLabel(typeCode: number): string {
  return RESOURCE_TYPES.find((t) => t.code === typeCode)?.label ?? '文件';
}
