// Sharing an exam with colleagues (POST /api/exam/share: the list of e-mails replaces the earlier
// one; publisher only) and finding them (POST /api/teaching/colleagues: staff of my schools).

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Colleague } from '@/generated/Colleague';
import type { ColleagueRequest } from '@/generated/ColleagueRequest';
import type { ExamShareRequest } from '@/generated/ExamShareRequest';
import type { SharedUser } from '@/generated/SharedUser';
import { api } from '@/lib/api-client';
import { examGroupKeys } from './exam-group-keys';
import { refreshExam } from './exams';

/** POST /api/exam/share (quiet: the dialog shows what went wrong). */
export function shareExam(body: ExamShareRequest): Promise<SharedUser[]> {
  return api.post<SharedUser[]>('/api/exam/share', body, { quiet: true });
}

export function useShareExam(examId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (emails: string[]) => shareExam({ examId, emails }),
    onSuccess: () => refreshExam(client, examId),
  });
}

/** POST /api/teaching/colleagues */
export async function searchColleagues(keyword: string): Promise<Colleague[]> {
  const body: ColleagueRequest = keyword ? { keyword } : {};
  return (await api.post<Colleague[] | null>('/api/teaching/colleagues', body, { noLoading: true, quiet: true })) ?? [];
}

/** Colleagues as the user types (an empty keyword: the first ones), read while `enabled`. */
export function useColleagues(keyword: string, enabled: boolean) {
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: examGroupKeys.colleagues(trimmed),
    queryFn: () => searchColleagues(trimmed),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
