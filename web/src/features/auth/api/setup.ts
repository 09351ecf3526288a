// The first set-up of a fresh install (public, once): whether it is still to do, the provinces a
// school may be placed in, and the first super user with the first school.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupRequest } from '@/generated/SetupRequest';
import type { SetupState } from '@/generated/SetupState';
import { api } from '@/lib/api-client';

export const setupKeys = {
  state: () => ['account', 'setupState'] as const,
};

/** GET /api/setup/state */
export function getSetupState(): Promise<SetupState> {
  return api.get<SetupState>('/api/setup/state', { noLoading: true });
}

export function setupStateQueryOptions() {
  return queryOptions({ queryKey: setupKeys.state(), queryFn: getSetupState });
}

export function useSetupState() {
  return useQuery(setupStateQueryOptions());
}

/** POST /api/setup (quiet: the form shows what went wrong). */
export function setup(body: SetupRequest): Promise<boolean> {
  return api.post<boolean>('/api/setup', body, { quiet: true });
}
