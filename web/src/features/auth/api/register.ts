// Self-registration (POST /api/account/login/regist): the form's dictionary (schools, stages with
// their subjects, projects) and the registration itself. The captcha is the login's (VerifyCode for
// the e-mail). An invitation's token gives the account the invitation's roles, schools and
// subjects; without one the deployment may hold the account for an administrator's approval.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoginUser } from '@/generated/LoginUser';
import type { RegistDict } from '@/generated/RegistDict';
import type { RegisterRequest } from '@/generated/RegisterRequest';
import { api } from '@/lib/api-client';

export const registerKeys = {
  dict: () => ['account', 'registDict'] as const,
};

/** GET /api/account/login/getRegistDict (public). */
export function getRegistDict(): Promise<RegistDict> {
  return api.get<RegistDict>('/api/account/login/getRegistDict', { noLoading: true });
}

export function registDictQueryOptions() {
  return queryOptions({ queryKey: registerKeys.dict(), queryFn: getRegistDict, staleTime: 10 * 60_000 });
}

export function useRegistDict() {
  return useQuery(registDictQueryOptions());
}

/**
 * POST /api/account/login/regist (quiet: the form shows what went wrong). The signed-in user (the
 * session cookie is set), or null when the account waits for an administrator's approval.
 */
export function register(body: RegisterRequest): Promise<LoginUser | null> {
  return api.post<LoginUser | null>('/api/account/login/regist', body, { quiet: true, noLoading: true });
}
