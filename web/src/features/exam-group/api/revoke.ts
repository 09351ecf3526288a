// Withdrawing an exam (publisher only): POST /api/exam/api/collections_suit/checkIfCanRevoke
// says whether the rule allows it now (published, nobody handed in) and why not; the picture code
// of GET /api/exam/achieveVerifyCode confirms it in POST .../executeRevoke (a wrong or expired
// code answers 400: a new picture is drawn).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamIdRequest } from '@/generated/ExamIdRequest';
import type { ExamRow } from '@/generated/ExamRow';
import type { ExecuteRevokeRequest } from '@/generated/ExecuteRevokeRequest';
import type { RevokeCheck } from '@/generated/RevokeCheck';
import { api } from '@/lib/api-client';
import { refreshExam } from './exams';

/** POST /api/exam/api/collections_suit/checkIfCanRevoke */
export function checkRevoke(examId: number): Promise<RevokeCheck> {
  const body: ExamIdRequest = { examId };
  return api.post<RevokeCheck>('/api/exam/api/collections_suit/checkIfCanRevoke', body);
}

let lastStamp = 0;

/** A new cache-busting stamp for the picture (the time in ms; never the same twice). */
export function verifyCodeStamp(): number {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return lastStamp;
}

/**
 * The picture code of an exam's withdrawal, as the login's captcha is shown: the image's URL
 * (the session cookie goes with it); `t` defeats caching so that 换一张 draws a new one.
 */
export function verifyCodeUrl(examId: number, t: number = verifyCodeStamp()): string {
  return `/api/exam/achieveVerifyCode?examId=${examId}&t=${t}`;
}

/** POST /api/exam/api/collections_suit/executeRevoke (quiet: the dialog shows what went wrong). */
export function executeRevoke(body: ExecuteRevokeRequest): Promise<ExamRow> {
  return api.post<ExamRow>('/api/exam/api/collections_suit/executeRevoke', body, { quiet: true });
}

export function useExecuteRevoke(examId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (verifyCode: string) => executeRevoke({ examId, verifyCode }),
    onSuccess: () => refreshExam(client, examId),
  });
}
