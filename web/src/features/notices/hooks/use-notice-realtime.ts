import { useEffect } from 'react';
import { realtime } from '@/lib/realtime';
import { TypeCode } from '@/lib/wire-types';
import { refreshNotices, showLatestPopup, showNotice, withdrawNotice } from '../notices-store';

/**
 * Loads the unread list and the newest unclosed popup notice, then follows the notice messages
 * of the real-time connection (and re-reads both after a reconnect).
 */
export function useNoticeRealtime(): void {
  useEffect(() => {
    void refreshNotices();
    void showLatestPopup();
    const offs = [
      realtime.onReconnected(() => {
        void refreshNotices();
        void showLatestPopup();
      }),
      realtime.subscribe(TypeCode.NoticeNew, (m) => {
        if (m.content?.id !== undefined && m.content.id !== null) void showNotice(m.content.id, { markRead: false });
        void refreshNotices();
      }),
      realtime.subscribe(TypeCode.NoticeType2, () => void refreshNotices()),
      realtime.subscribe(TypeCode.NoticeType7, () => void refreshNotices()),
      realtime.subscribe(TypeCode.NoticeWithdrawn, (m) => {
        void refreshNotices();
        withdrawNotice(m.content?.id);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}
