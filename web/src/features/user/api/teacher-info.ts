import { api } from '@/lib/api-client';
import type { TeacherInfo } from '@/lib/wire-types';

/** GET /api/pub/user/teacher-info */
export function getTeacherInfo(): Promise<TeacherInfo> {
  return api.get<TeacherInfo>('/api/pub/user/teacher-info', { noLoading: true, quiet: true });
}
