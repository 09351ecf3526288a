// The save-to-knowledge calls (spec 03 §4 "Save to knowledge base", §7.1; 01 §7).
//
// Every call is quiet: the store shows the spec's busy text instead of the server's message.

import { api } from '@/lib/api-client';
import type {
  HaveProcessingRecord,
  SaveToKnwRecord,
  SaveToKnwRecordList,
  SaveToKnwRequest,
  UpdateUserViewedRequest,
} from '@/lib/wire-types';

const QUIET = { quiet: true, noLoading: true } as const;

/** POST /api/library/saveToKnw: starts the copy on the server; answers the record id. */
export function saveToKnowledge(paperId: number): Promise<number> {
  const body: SaveToKnwRequest = { paperId };
  return api.post<number>('/api/library/saveToKnw', body, QUIET);
}

/** POST /api/library/querySaveToKnwRecordList: the records processing or not yet viewed. */
export async function querySaveRecords(): Promise<SaveToKnwRecord[]> {
  const data = await api.post<SaveToKnwRecordList | null>('/api/library/querySaveToKnwRecordList', {}, QUIET);
  return Array.isArray(data?.recordList) ? data.recordList : [];
}

/** POST /api/library/haveProcessingRecord */
export async function haveProcessingRecord(): Promise<boolean> {
  const data = await api.post<HaveProcessingRecord | null>('/api/library/haveProcessingRecord', {}, QUIET);
  return !!data?.haveProcessingRecord;
}

/** POST /api/library/updateUserViewed: marks the records' results seen. */
export function updateUserViewed(copyRecordIdList: number[]): Promise<unknown> {
  const body: UpdateUserViewedRequest = { copyRecordIdList };
  return api.post('/api/library/updateUserViewed', body, QUIET);
}
