// POST /api/teacher/group/white/check: whether the user may use exam groups (the teacher-group
// whitelist). The groups, the selection and publishing are shown only when it answers showFlag.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WhiteCheck } from '@/generated/WhiteCheck';
import type { WhiteCheckRequest } from '@/generated/WhiteCheckRequest';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { examGroupKeys } from './exam-group-keys';

/** POST /api/teacher/group/white/check (quiet: without the flag the groups are simply not shown). */
export async function getWhiteCheck(email: string): Promise<boolean> {
  const body: WhiteCheckRequest = { email };
  const answer = await api.post<WhiteCheck | null>('/api/teacher/group/white/check', body, {
    quiet: true,
    noLoading: true,
  });
  return answer?.showFlag === true;
}

export function whiteCheckQueryOptions(email: string) {
  return queryOptions({
    queryKey: examGroupKeys.whiteCheck(email),
    queryFn: () => getWhiteCheck(email),
    staleTime: 10 * 60_000,
  });
}

/** The signed-in user's flag: undefined while it is read (or without a user), then true or false. */
export function useGroupsShown(): boolean | undefined {
  const email = useSession((s) => s.user?.userEmail ?? '');
  const query = useQuery({ ...whiteCheckQueryOptions(email), enabled: email !== '' });
  if (query.isError) return false;
  return query.data;
}
