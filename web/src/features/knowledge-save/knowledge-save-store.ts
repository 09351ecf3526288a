// Save to knowledge base (spec 03 §4 "Save to knowledge base", §8; 01 §4, §8).
//
// The copy runs on the server; its end is pushed as magic_002 with the record
// ({id: copyRecordId, fileStatus: copyStatus, value: SaveToKnwRecord}). Those pushes replace the
// spec's 5 s poll of the record list: the list is read once after sign-in (the spec's immediate
// first check), never again. A finished record not yet viewed (copyStatus 2 success, 3 failure)
// is announced once as a message — stacked 60 px apart from 80 px — and then marked viewed with
// one updateUserViewed call per batch. The pure functions hold the rules; the store and its
// actions wire them to the API.

import { notifications } from '@mantine/notifications';
import { KNOWLEDGE_MESSAGE_GAP_PX, KNOWLEDGE_MESSAGE_TOP_PX, TOAST_DURATION_MS } from '@/config/constants';
import { isApiError, showError } from '@/lib/api-client';
import { createStore } from '@/lib/store';
import { ErrorCode, type PushContent, type SaveToKnwRecord } from '@/lib/wire-types';
import { querySaveRecords, saveToKnowledge, updateUserViewed } from './api/knowledge-save';

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
export function parseSaveToKnwPush(content: PushContent | null | undefined): SaveToKnwRecord | null {
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

// ---------------------------------------------------------------------------------------------
// State

export interface SaveResultMessage {
  /** The record's copyRecordId. */
  id: number;
  success: boolean;
  text: string;
}

export interface KnowledgeSaveState {
  /** The messages shown, top first. */
  messages: SaveResultMessage[];
  /** Records announced on this page. */
  announced: ReadonlySet<number>;
  /** The user whose startup check ran (once per signed-in user). */
  checkedFor: string | null;
}

export const initialKnowledgeSaveState: KnowledgeSaveState = {
  messages: [],
  announced: new Set(),
  checkedFor: null,
};

export const knowledgeSaveStore = createStore<KnowledgeSaveState>(initialKnowledgeSaveState);

const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function resetKnowledgeSave(): void {
  timers.forEach((t) => clearTimeout(t));
  timers.clear();
  knowledgeSaveStore.set(initialKnowledgeSaveState);
}

export function dismissMessage(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  knowledgeSaveStore.set((s) => ({ ...s, messages: s.messages.filter((m) => m.id !== id) }));
}

/**
 * Shows the finished, unviewed records not announced yet (below the messages already shown) and
 * marks them viewed with one call. Answers the records announced.
 */
export function announceRecords(records: readonly SaveToKnwRecord[]): SaveToKnwRecord[] {
  const fresh = recordsToAnnounce(records, knowledgeSaveStore.get().announced);
  if (fresh.length === 0) return fresh;
  knowledgeSaveStore.set((s) => ({
    ...s,
    announced: new Set([...s.announced, ...fresh.map((r) => r.copyRecordId)]),
    messages: [
      ...s.messages,
      ...fresh.map((r) => ({ id: r.copyRecordId, success: r.copyStatus === CopyStatus.Success, text: resultText(r) })),
    ],
  }));
  for (const r of fresh)
    timers.set(
      r.copyRecordId,
      setTimeout(() => dismissMessage(r.copyRecordId), TOAST_DURATION_MS),
    );
  updateUserViewed(fresh.map((r) => r.copyRecordId)).catch(() => {
    // quiet: the records stay unviewed on the server and are announced again after a reload
  });
  return fresh;
}

/** Applies a magic_002 push. */
export function handleSaveToKnwPush(content: PushContent | null | undefined): void {
  const record = parseSaveToKnwPush(content);
  if (record) announceRecords([record]);
}

/**
 * The immediate first check after sign-in (once per user): reads the record list and announces
 * what finished meanwhile. Later results arrive as pushes; nothing polls.
 */
export async function checkSavedRecords(user: string): Promise<void> {
  if (knowledgeSaveStore.get().checkedFor === user) return;
  knowledgeSaveStore.set((s) => ({ ...s, checkedFor: user }));
  try {
    announceRecords(await querySaveRecords());
  } catch (e) {
    if (!isApiError(e, ErrorCode.SessionExpired)) showError(SAVE_BUSY_TEXT);
  }
}

/** 保存到知识库: starts the copy; its end is announced when pushed. */
export async function submitSaveToKnowledge(paperId: number): Promise<boolean> {
  try {
    await saveToKnowledge(paperId);
    notifications.show({ color: 'blue', message: SAVE_SUBMITTED_TEXT, autoClose: TOAST_DURATION_MS });
    return true;
  } catch (e) {
    if (!isApiError(e, ErrorCode.SessionExpired)) showError(SAVE_BUSY_TEXT);
    return false;
  }
}
