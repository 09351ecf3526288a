// GET /api/pub/config/shell: the feedback groups (with QR codes) and the help links, read once
// per signed-in user and shared by the help menu, the feedback popover and the help pages.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShellConfig } from '@/generated/ShellConfig';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export function getShellConfig(): Promise<ShellConfig> {
  return api.get<ShellConfig>('/api/pub/config/shell', { noLoading: true, quiet: true });
}

export function shellConfigQueryOptions(user: string) {
  return queryOptions({
    queryKey: ['shell-config', user] as const,
    queryFn: getShellConfig,
    // Once per user (a new login reads it again); a failure is read again on next use.
    staleTime: Infinity,
  });
}

export type ShellConfigState = { status: 'loading' } | { status: 'ready'; config: ShellConfig } | { status: 'error' };

export interface ShellConfigHandle {
  /** Loading while there is no session. */
  state: ShellConfigState;
  /** Reads again after a failure (no-op while loaded or loading). */
  retry: () => void;
}

/** The shell configuration of the signed-in user, read on first use. */
export function useShellConfig(): ShellConfigHandle {
  const user = useSession((s) => s.user?.userEmail ?? null);
  const query = useQuery({ ...shellConfigQueryOptions(user ?? ''), enabled: user !== null });
  const state: ShellConfigState =
    user === null || query.isPending
      ? { status: 'loading' }
      : query.isSuccess
        ? { status: 'ready', config: query.data }
        : { status: 'error' };
  const { isError, refetch } = query;
  return {
    state,
    retry: () => {
      if (isError) void refetch();
    },
  };
}
