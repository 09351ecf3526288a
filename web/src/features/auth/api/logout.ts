import { api } from '@/lib/api-client';

/** POST /api/pub/web/logout: ends the session on the server. */
export function logout(): Promise<unknown> {
  return api.post('/api/pub/web/logout', undefined, { quiet: true });
}
