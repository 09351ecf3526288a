// POST /api/library/querySaveToKnwRecordList (spec 03 §4, §7.1): the records processing or not
// yet viewed. Read once per signed-in user (the spec's immediate first check); afterwards
// magic_002 pushes bring each record's end into the same query, so nothing polls.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ErrorCode } from '@/generated/codes';
import type { SaveToKnwRecord } from '@/generated/SaveToKnwRecord';
import type { SaveToKnwRecordList } from '@/generated/SaveToKnwRecordList';
import { api, isApiError, showError } from '@/lib/api-client';
import { SAVE_BUSY_TEXT } from '../knowledge-save-rules';

export const saveRecordKeys = {
  all: ['knowledge-save'] as const,
  records: (user: string) => [...saveRecordKeys.all, 'records', user] as const,
};

/** Quiet: a failure shows the spec's busy text instead of the server's message (03 §8). */
export async function getSaveRecords(): Promise<SaveToKnwRecord[]> {
  try {
    const data = await api.post<SaveToKnwRecordList | null>(
      '/api/library/querySaveToKnwRecordList',
      {},
      { quiet: true, noLoading: true },
    );
    return Array.isArray(data?.recordList) ? data.recordList : [];
  } catch (e) {
    if (!isApiError(e, ErrorCode.LoginExpired)) showError(SAVE_BUSY_TEXT);
    throw e;
  }
}

export function saveRecordsQueryOptions(user: string) {
  return queryOptions({
    queryKey: saveRecordKeys.records(user),
    queryFn: getSaveRecords,
    // Pushes keep it current: never read again while the user stays signed in.
    staleTime: Infinity,
  });
}

/** The records of `user` (nothing is read without one). */
export function useSaveRecords(user: string | null) {
  return useQuery({ ...saveRecordsQueryOptions(user ?? ''), enabled: user !== null });
}
