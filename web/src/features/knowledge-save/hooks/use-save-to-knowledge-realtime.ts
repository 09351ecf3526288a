import { useEffect } from 'react';
import { realtime, type RealtimeClient } from '@/lib/realtime';
import { TypeCode } from '@/lib/wire-types';
import { checkSavedRecords, handleSaveToKnwPush } from '../knowledge-save-store';

/**
 * For a signed-in `user`: the immediate first check of the record list (once per user), then
 * the save results pushed as magic_002. No poll.
 */
export function useSaveToKnowledgeRealtime(user: string | null, client: RealtimeClient = realtime): void {
  useEffect(() => {
    if (!user) return;
    void checkSavedRecords(user);
    return client.subscribe(TypeCode.SaveToKnowledgeEnded, (m) => handleSaveToKnwPush(m.content));
  }, [user, client]);
}
