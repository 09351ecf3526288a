import { api } from '@/lib/api-client';

/** GET /api/pub/user/change/role?role=X */
export function changeRole(role: string): Promise<unknown> {
  return api.get('/api/pub/user/change/role', { params: { role } });
}

/** GET /api/pub/user/superuser/change?email=X (a super user acts as another account). */
export function changeAccount(email: string): Promise<unknown> {
  return api.get('/api/pub/user/superuser/change', { params: { email } });
}
