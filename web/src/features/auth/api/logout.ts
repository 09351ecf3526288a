import { api } from '@/lib/api-client';

/** GET /api/pub/web/logout: ends the session on the server. */
export function logout(): Promise<unknown> {
  return api.get('/api/pub/web/logout', { quiet: true });
}
