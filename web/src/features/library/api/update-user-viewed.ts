// POST /api/library/updateUserViewed: the records' results were seen (announced).

import type { QueryClient } from '@tanstack/react-query';
import type { SaveToKnwRecord } from '@/generated/SaveToKnwRecord';
import type { UpdateUserViewedRequest } from '@/generated/UpdateUserViewedRequest';
import { api } from '@/lib/api-client';
import { saveRecordKeys } from './get-save-records';

export function updateUserViewed(copyRecordIdList: number[]): Promise<unknown> {
  const body: UpdateUserViewedRequest = { copyRecordIdList };
  return api.post('/api/library/updateUserViewed', body, { quiet: true, noLoading: true });
}

/**
 * Marks the records viewed with one call and, once the server took it, in `user`'s records. A
 * failure is quiet: the records stay unviewed on the server and are announced after a reload.
 */
export async function markViewed(client: QueryClient, user: string, ids: number[]): Promise<void> {
  try {
    await updateUserViewed(ids);
  } catch {
    return;
  }
  client.setQueryData<SaveToKnwRecord[]>(saveRecordKeys.records(user), (records) =>
    records?.map((r) => (ids.includes(r.copyRecordId) ? { ...r, userView: 1 } : r)),
  );
}
