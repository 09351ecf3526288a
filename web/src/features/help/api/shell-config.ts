import { api } from '@/lib/api-client';
import type { ShellConfig } from '@/lib/wire-types';

/** GET /api/pub/config/shell: the feedback groups (with QR codes) and the help links. */
export function getShellConfig(): Promise<ShellConfig> {
  return api.get<ShellConfig>('/api/pub/config/shell', { noLoading: true, quiet: true });
}
