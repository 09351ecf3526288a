import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TypeCode } from '@/generated/codes';
import { realtime, type RealtimeClient } from '@/lib/realtime';
import { refreshUnreadNotices } from '../api/read-notices';
import { showLatestPopup, showNotice, withdrawNotice } from '../notices-store';

/**
 * Shows the newest unclosed popup notice, then follows the notice pushes (backstage_*) into the
 * unread list's query (and reads both again after a reconnect).
 */
export function useNoticeRealtime(client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void showLatestPopup(queryClient);
    const refresh = () => void refreshUnreadNotices(queryClient);
    const offs = [
      client.onReconnected(() => {
        refresh();
        void showLatestPopup(queryClient);
      }),
      client.subscribe(TypeCode.PopupNoticePublished, (m) => {
        const id = m.content?.id;
        if (id !== undefined && id !== null) void showNotice(queryClient, id, { markRead: false });
        refresh();
      }),
      client.subscribe(TypeCode.NoticePublished, refresh),
      client.subscribe(TypeCode.NoticeType7Published, refresh),
      client.subscribe(TypeCode.NoticeWithdrawn, (m) => {
        refresh();
        withdrawNotice(m.content?.id);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [client, queryClient]);
}
