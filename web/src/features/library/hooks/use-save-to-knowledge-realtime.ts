import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TypeCode } from '@/generated/codes';
import type { SaveToKnwRecord } from '@/generated/SaveToKnwRecord';
import { realtime, type RealtimeClient } from '@/lib/realtime';
import { saveRecordKeys, useSaveRecords } from '../api/get-save-records';
import { markViewed } from '../api/update-user-viewed';
import { parseSaveToKnwPush, withRecord } from '../knowledge-save-rules';
import { announceRecords } from '../save-result-store';

/**
 * For a signed-in `user`: the immediate first read of the record list (once per user), then the
 * save results pushed as magic_002 into the same query. What finished and was not viewed is
 * announced once and marked viewed with one call per batch. No poll.
 */
export function useSaveToKnowledgeRealtime(user: string | null, client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient();
  const records = useSaveRecords(user).data;

  useEffect(() => {
    if (!user || !records) return;
    const fresh = announceRecords(records);
    if (fresh.length > 0)
      void markViewed(
        queryClient,
        user,
        fresh.map((r) => r.copyRecordId),
      );
  }, [user, records, queryClient]);

  useEffect(() => {
    if (!user) return;
    return client.subscribe(TypeCode.SaveToKnowledgeEnded, (m) => {
      const record = parseSaveToKnwPush(m.content);
      if (!record) return;
      queryClient.setQueryData<SaveToKnwRecord[]>(saveRecordKeys.records(user), (list) =>
        withRecord(list ?? [], record),
      );
      // Announced at once (the list's next render finds it announced already).
      const fresh = announceRecords([record]);
      if (fresh.length > 0)
        void markViewed(
          queryClient,
          user,
          fresh.map((r) => r.copyRecordId),
        );
    });
  }, [user, client, queryClient]);
}
