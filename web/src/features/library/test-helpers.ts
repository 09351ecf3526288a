// Test data of the save-to-knowledge feature and the lecture library.

import type { LibraryTreeNode } from '@/generated/LibraryTreeNode';
import type { SaveToKnwRecord } from '@/generated/SaveToKnwRecord';

/** A record; copyStatus 1 processing, 2 success, 3 failure. */
export function saveRecord(
  copyRecordId: number,
  copyStatus: number,
  patch: Partial<SaveToKnwRecord> = {},
): SaveToKnwRecord {
  return {
    copyRecordId,
    paperId: 1,
    paperTitle: `讲义${copyRecordId}`,
    copyStatus,
    userView: 0,
    errorMsg: copyStatus === 3 ? '讲义内容为空' : '',
    createTime: 1_700_000_000_000,
    ...patch,
  };
}

/** 班课 → 高一数学秋季 (3), 高一数学寒假 (4); 一对一 → 导数专题 (5) */
export const LIBRARY_TREE: LibraryTreeNode[] = [
  {
    key: 'class-2',
    name: '班课',
    outlineId: null,
    children: [
      { key: 'outline-3', name: '高一数学秋季', outlineId: 3, children: [] },
      { key: 'outline-4', name: '高一数学寒假', outlineId: 4, children: [] },
    ],
  },
  {
    key: 'class-1',
    name: '一对一',
    outlineId: null,
    children: [{ key: 'outline-5', name: '导数专题', outlineId: 5, children: [] }],
  },
];
