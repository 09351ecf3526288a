// Test data of the save-to-knowledge feature.

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
