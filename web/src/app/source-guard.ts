// The route guard by query `source` (spec 01 §2 "Route guard by source and role").

import { ErrorCode } from '@/generated/codes';
import type { UserInfo } from '@/generated/UserInfo';
import { currentRole } from '@/lib/session';

export type Source = 'gaoduan' | 'scrm';

export interface RoleNeed {
  role: string;
  /** Without the role the user is refused (otherwise the switch is only attempted). */
  required: boolean;
}

const GAODUAN_NEEDS: Record<string, string> = {
  FirstClassTaskScan: '1v1_xg',
  FirstClassTaskSubmit: '1v1_xg',
  BatchSubmit: '1v1_xg',
  FirstTaskDetail: 'admin',
  LearnManageFirstStatistics: 'admin',
};

/** The role a route needs when entered from `source`, or null. */
export function roleNeedFor(source: string | null, routeName: string | null): RoleNeed | null {
  if (source === 'gaoduan') {
    const role = routeName ? GAODUAN_NEEDS[routeName] : undefined;
    return role ? { role, required: true } : null;
  }
  if (source === 'scrm') {
    if (routeName === 'TaskManage') return { role: 'admin', required: true };
    return { role: 'consultant', required: false };
  }
  return null;
}

export type GuardDecision = { kind: 'none' } | { kind: 'switch'; role: string } | { kind: 'refuse'; to: string };

export const NO_AUTH_TARGET = `/noAuth?errorcode=${ErrorCode.NoPermission}`;

/** What to do for `need` given the user's roles. */
export function decide(need: RoleNeed | null, user: UserInfo): GuardDecision {
  if (!need) return { kind: 'none' };
  if (currentRole(user) === need.role) return { kind: 'none' };
  if (user.roleList.some((r) => r.code === need.role)) return { kind: 'switch', role: need.role };
  return need.required ? { kind: 'refuse', to: NO_AUTH_TARGET } : { kind: 'none' };
}

/** The URL without its `source` query. */
export function stripSource(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('source');
  const qs = params.toString();
  return `${url.pathname}${qs ? `?${qs}` : ''}${url.hash}`;
}
