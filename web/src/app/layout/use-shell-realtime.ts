// The shell follows an administrator's changes live: magic_shell_changed (a signal to every open
// socket, not stored, so not replayed on resume) says what changed, and the shell reads it again
// at once — the menu tree, what the whitelist gates, the home banners — without a page reload.
// After a reconnect, when a signal may have been missed, it reads them all again.

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { examGroupKeys } from '@/features/exam-group/api/exam-group-keys';
import { bannerKey } from '@/features/home/api/banner';
import { TypeCode } from '@/generated/codes';
import type { PushContent } from '@/generated/PushContent';
import type { ShellChanged } from '@/generated/ShellChanged';
import { realtime, type RealtimeClient } from '@/lib/realtime';
import { loadMenuList } from '@/lib/session';

/** What an administrator changes (ShellChanged `what`). */
export const SHELL_PARTS = ['menus', 'whitelist', 'banners'] as const;
export type ShellPart = (typeof SHELL_PARTS)[number];

/** The part a push names; null when it names none the shell knows (then everything is read). */
export function shellPartOf(content: PushContent | null): ShellPart | null {
  const value = content?.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const what = (value as Partial<ShellChanged>).what;
  return SHELL_PARTS.find((p) => p === what) ?? null;
}

/** Reads one part of the shell again (and the administration's own view of it). */
export async function refreshShellPart(queryClient: QueryClient, part: ShellPart): Promise<void> {
  switch (part) {
    case 'menus':
      await Promise.all([
        loadMenuList().catch(() => undefined),
        queryClient.invalidateQueries({ queryKey: adminKeys.menus() }),
      ]);
      return;
    case 'whitelist':
      await Promise.all(
        [examGroupKeys.whiteChecks(), adminKeys.whitelist()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      return;
    case 'banners':
      await Promise.all(
        [bannerKey, adminKeys.banners()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      return;
  }
}

/** Mounted once, by the main layout. */
export function useShellRealtime(client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = (parts: readonly ShellPart[]) => {
      for (const part of parts) void refreshShellPart(queryClient, part);
    };
    const offs = [
      client.subscribe(TypeCode.ShellChanged, (m) => {
        const part = shellPartOf(m.content);
        refresh(part ? [part] : SHELL_PARTS);
      }),
      client.onReconnected(() => refresh(SHELL_PARTS)),
    ];
    return () => offs.forEach((off) => off());
  }, [client, queryClient]);
}
