import { useQuery } from '@tanstack/react-query';
import type { TeacherInfo } from '@/generated/TeacherInfo';
import { api } from '@/lib/api-client';

/** GET /api/pub/user/teacher-info */
export function getTeacherInfo(): Promise<TeacherInfo> {
  return api.get<TeacherInfo>('/api/pub/user/teacher-info', { noLoading: true, quiet: true });
}

/** The signed-in teacher's profile (read each time the user menu shows it). */
export function useTeacherInfo() {
  return useQuery({ queryKey: ['teacher-info'] as const, queryFn: getTeacherInfo });
}
