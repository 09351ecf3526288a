import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TypeCode } from '@/generated/codes';
import { realtime, type RealtimeClient } from '@/lib/realtime';
import { dcKeys } from '../api/dc-keys';

/** The families of data-centre queries made of the source records (not dictionaries, not areas). */
const RECORD_FAMILIES: readonly unknown[] = [dcKeys.reports()[1], dcKeys.boards()[1], dcKeys.summaries()[1]];

/**
 * Reads every report page, board figure and summary again: those on screen at once (each keeps showing
 * what it has until the new answer arrives), the others when they are next shown.
 */
export function refreshRecordQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: dcKeys.all,
    predicate: (query) => RECORD_FAMILIES.includes(query.queryKey[1]),
  });
}

/**
 * Follows records_changed (the data centre's source records were imported; a signal to every
 * open socket, not stored, so not replayed on resume) into the data centre's report, board and
 * summary queries, and reads them again after a reconnect, when a signal may have been missed. No poll.
 * Mounted once, by the main layout.
 */
export function useRecordsRealtime(client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void refreshRecordQueries(queryClient);
    const offs = [client.subscribe(TypeCode.RecordsChanged, refresh), client.onReconnected(refresh)];
    return () => offs.forEach((off) => off());
  }, [client, queryClient]);
}
