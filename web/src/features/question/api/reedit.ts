// Re-edits of bank questions (03 §7.1): a teacher proposes a change (question/reedit), an admin
// approves it — the proposal replaces the question — or refuses it (question/reedit/audit); the
// list (question/reedit/list) shows an admin every re-edit and anyone else their own.

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@/generated/Page';
import type { QuestionReedit } from '@/generated/QuestionReedit';
import type { QuestionReeditAuditRequest } from '@/generated/QuestionReeditAuditRequest';
import type { QuestionReeditListRequest } from '@/generated/QuestionReeditListRequest';
import type { QuestionReeditRequest } from '@/generated/QuestionReeditRequest';
import { api } from '@/lib/api-client';
import { refreshQuestions } from './questions';
import { questionKeys } from './question-keys';

/** Audit states of a re-edit. */
export const REEDIT_STATUS = { pending: 1, approved: 2, refused: 3 } as const;

export const REEDIT_STATUS_LABELS: Readonly<Record<number, { label: string; color: string }>> = {
  [REEDIT_STATUS.pending]: { label: '待审核', color: 'orange' },
  [REEDIT_STATUS.approved]: { label: '已通过', color: 'green' },
  [REEDIT_STATUS.refused]: { label: '已驳回', color: 'red' },
};

/** POST /api/question/reedit (quiet: the form shows what went wrong). */
export function proposeReedit(body: QuestionReeditRequest): Promise<QuestionReedit> {
  return api.post<QuestionReedit>('/api/question/reedit', body, { quiet: true });
}

export function useProposeReedit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: proposeReedit,
    onSuccess: () => void client.invalidateQueries({ queryKey: questionKeys.reedits() }),
  });
}

/** POST /api/question/reedit/list */
export function getReedits(body: QuestionReeditListRequest): Promise<Page<QuestionReedit>> {
  return api.post<Page<QuestionReedit>>('/api/question/reedit/list', body, { noLoading: true });
}

export function useReedits(body: QuestionReeditListRequest) {
  return useQuery({
    queryKey: questionKeys.reeditList(body),
    queryFn: () => getReedits(body),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/question/reedit/audit (admins; 409 when audited already). */
export function auditReedit(body: QuestionReeditAuditRequest): Promise<QuestionReedit> {
  return api.post<QuestionReedit>('/api/question/reedit/audit', body);
}

/** Audits a re-edit; the list reads again, and an approved change reaches the searches. */
export function useAuditReedit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: auditReedit,
    onSettled: () => void client.invalidateQueries({ queryKey: questionKeys.reedits() }),
    onSuccess: (_r, { approve }) => {
      if (approve) refreshQuestions(client);
    },
  });
}
