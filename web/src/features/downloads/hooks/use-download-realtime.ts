import { useEffect } from 'react';
import { DOWNLOAD_POLL_MS } from '@/config/constants';
import { type ConnectionState, realtime, type RealtimeClient } from '@/lib/realtime';
import { TypeCode } from '@/lib/wire-types';
import { downloadsStore, handleDownloadPush, pollOnce, refreshCounts, refreshRecent } from '../downloads-store';

/** The fallback poll runs only while the connection is known to be down. */
const pollsIn = (state: ConnectionState) => state === 'reconnecting';

/**
 * Loads the recent downloads and the queue count, then follows magic_001 pushes (re-reading
 * after a reconnect). downloadCheck is polled every 3 s only while the socket is down and the
 * queue is not empty; never while it is open.
 */
export function useDownloadRealtime(client: RealtimeClient = realtime): void {
  useEffect(() => {
    let disposed = false;
    const reload = async () => {
      await refreshRecent();
      if (!disposed) await refreshCounts();
    };
    void reload();

    let timer: ReturnType<typeof setTimeout> | null = null;
    let polling = false;
    const stopPoll = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      polling = false;
    };
    // A function, not the variable: the cleanup may run while a tick awaits.
    const goesOn = () => !disposed && pollsIn(client.state);
    const tick = async () => {
      timer = null;
      if (!goesOn()) {
        stopPoll();
        return;
      }
      const again = await pollOnce();
      if (!again || !goesOn()) {
        stopPoll();
        return;
      }
      timer = setTimeout(() => void tick(), DOWNLOAD_POLL_MS);
    };
    const maybePoll = () => {
      if (polling) {
        if (!pollsIn(client.state)) stopPoll();
        return;
      }
      if (pollsIn(client.state) && downloadsStore.get().queueCount > 0) {
        polling = true;
        timer = setTimeout(() => void tick(), DOWNLOAD_POLL_MS);
      }
    };

    const offs = [
      client.subscribe(TypeCode.DownloadCreated, (m) => void handleDownloadPush(m.content)),
      client.onReconnected(() => void reload()),
      client.stateSource.subscribe(maybePoll),
      downloadsStore.subscribe(maybePoll),
    ];
    return () => {
      disposed = true;
      stopPoll();
      offs.forEach((off) => off());
    };
  }, [client]);
}
