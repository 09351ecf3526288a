// Role and account switches. Everything cached belongs to the session before the switch: the
// caller reloads the page after it (`reloadAfterSwitch`), which starts every query afresh.

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/pub/user/change/role?role=X */
export function changeRole(role: string): Promise<unknown> {
  return api.post('/api/pub/user/change/role', undefined, { params: { role } });
}

/** POST /api/pub/user/superuser/change?email=X (a super user acts as another account). */
export function changeAccount(email: string): Promise<unknown> {
  return api.post('/api/pub/user/superuser/change', undefined, { params: { email } });
}

/** 切换身份 */
export function useChangeRole() {
  return useMutation({ mutationFn: changeRole });
}

/** 虚拟账号: act as another account, or as one's own again. */
export function useChangeAccount() {
  return useMutation({ mutationFn: changeAccount });
}
