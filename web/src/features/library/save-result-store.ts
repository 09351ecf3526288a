// The save-to-knowledge messages on screen (client state): each finished record announced once
// per page, stacked from the top, closing by themselves after 5 s.

import { Timing } from '@/generated/codes';
import type { SaveToKnwRecord } from '@/generated/SaveToKnwRecord';
import { createStore } from '@/lib/store';
import { CopyStatus, recordsToAnnounce, resultText } from './knowledge-save-rules';

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
}

export const initialKnowledgeSaveState: KnowledgeSaveState = {
  messages: [],
  announced: new Set(),
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
 * Shows the finished, unviewed records not announced yet (below the messages already shown).
 * Answers the records announced (to be marked viewed).
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
      setTimeout(() => dismissMessage(r.copyRecordId), Timing.TOAST_MS),
    );
  return fresh;
}
