// Save to knowledge base (spec 03 §4 "Save to knowledge base", §8; 01 §4, §8).
//
// The copy runs on the server; its end is pushed as magic_002 with the record
// ({id: copyRecordId, fileStatus: copyStatus, value: SaveToKnwRecord}). Those pushes replace the
// spec's 5 s poll of the record list: the list is read once after sign-in (the spec's immediate
// first check), never again. A finished record not yet viewed (copyStatus 2 success, 3 failure)
// is announced once as a message — stacked 60 px apart from 80 px — and then marked viewed with
// one updateUserViewed call per batch. Pure functions: the rules.

import { KNOWLEDGE_MESSAGE_GAP_PX, KNOWLEDGE_MESSAGE_TOP_PX } from '@/config/constants';
import type { PushContent } from '@/generated/PushContent';
import type { SaveToKnwRecord } from '@/generated/SaveToKnwRecord';

// ---------------------------------------------------------------------------------------------
// Statuses and texts

export const CopyStatus = {
  Processing: 1,
  Success: 2,
  Failure: 3,
} as const;

export const SAVE_SUBMITTED_TEXT = '已提交保存，完成后会通知您';
/** Any failed save-to-knowledge call (03 §8). */
export const SAVE_BUSY_TEXT = '易备课整本保存系统繁忙，稍等刷新页面查看进度';

/** The announcement of a finished record. */
export function resultText(record: Pick<SaveToKnwRecord, 'paperTitle' | 'copyStatus' | 'errorMsg'>): string {
  return record.copyStatus === CopyStatus.Success
    ? `《${record.paperTitle}》已保存到知识库`
    : `《${record.paperTitle}》保存失败：${record.errorMsg}`;
}

/** The top offset of the `index`-th message shown (0 first). */
export function messageTop(index: number): number {
  return KNOWLEDGE_MESSAGE_TOP_PX + KNOWLEDGE_MESSAGE_GAP_PX * index;
}

// ---------------------------------------------------------------------------------------------
// Pushes and records

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Reads a magic_002 content; null when it names no record. */
export function parseSaveToKnwPush(content: PushContent | null): SaveToKnwRecord | null {
  const value = content?.value;
  const v: Record<string, unknown> = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  const copyRecordId = isNumber(v.copyRecordId) ? v.copyRecordId : content?.id;
  const copyStatus = isNumber(v.copyStatus) ? v.copyStatus : content?.fileStatus;
  if (!isNumber(copyRecordId) || !isNumber(copyStatus)) return null;
  return {
    copyRecordId,
    paperId: isNumber(v.paperId) ? v.paperId : 0,
    paperTitle: typeof v.paperTitle === 'string' ? v.paperTitle : '',
    copyStatus,
    userView: isNumber(v.userView) ? v.userView : 0,
    errorMsg: typeof v.errorMsg === 'string' ? v.errorMsg : '',
    resourceId: isNumber(v.resourceId) ? v.resourceId : undefined,
    createTime: isNumber(v.createTime) ? v.createTime : 0,
  };
}

const isFinished = (r: SaveToKnwRecord) => r.copyStatus === CopyStatus.Success || r.copyStatus === CopyStatus.Failure;

/** The records to announce: finished, not viewed, not announced on this page yet (each once). */
export function recordsToAnnounce(
  records: readonly SaveToKnwRecord[],
  announced: ReadonlySet<number>,
): SaveToKnwRecord[] {
  const seen = new Set(announced);
  const out: SaveToKnwRecord[] = [];
  for (const r of records) {
    if (!isFinished(r) || r.userView === 1 || seen.has(r.copyRecordId)) continue;
    seen.add(r.copyRecordId);
    out.push(r);
  }
  return out;
}

/** The record list with `record` in it (replacing its older state). */
export function withRecord(records: readonly SaveToKnwRecord[], record: SaveToKnwRecord): SaveToKnwRecord[] {
  const others = records.filter((r) => r.copyRecordId !== record.copyRecordId);
  return [...others, record];
}
