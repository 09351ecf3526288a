// One-time links (public, no session): what a link is for (an invitation, a password reset, the
// first set-up), and a new password through a reset link.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LinkInfo } from '@/generated/LinkInfo';
import type { LinkToken } from '@/generated/LinkToken';
import type { PasswordReset } from '@/generated/PasswordReset';
import { api } from '@/lib/api-client';

/** A link's kind. */
export const LinkKind = {
  Invite: 'invite',
  Reset: 'reset',
  Setup: 'setup',
} as const;

export const linkKeys = {
  info: (token: string) => ['account', 'link', token] as const,
};

/** POST /api/account/link/info (quiet: the page says when a link is invalid or expired). */
export function getLinkInfo(token: string): Promise<LinkInfo> {
  const body: LinkToken = { token };
  return api.post<LinkInfo>('/api/account/link/info', body, { quiet: true, noLoading: true });
}

export function linkInfoQueryOptions(token: string) {
  return queryOptions({ queryKey: linkKeys.info(token), queryFn: () => getLinkInfo(token), retry: false });
}

/** What the link `token` is for; not read without a token. */
export function useLinkInfo(token: string) {
  return useQuery({ ...linkInfoQueryOptions(token), enabled: token !== '' });
}

/** POST /api/account/password/reset (quiet: the form shows what went wrong); every session ends. */
export function resetPassword(body: PasswordReset): Promise<boolean> {
  return api.post<boolean>('/api/account/password/reset', body, { quiet: true });
}
