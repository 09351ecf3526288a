// POST /api/library/saveToKnw (保存到知识库): starts the copy on the server; its end is announced
// when pushed (magic_002).

import { useMutation } from '@tanstack/react-query';
import { ErrorCode } from '@/generated/codes';
import type { SaveToKnwRequest } from '@/generated/SaveToKnwRequest';
import { api, isApiError, showError } from '@/lib/api-client';
import { showInfo } from '@/lib/toast';
import { SAVE_BUSY_TEXT, SAVE_SUBMITTED_TEXT } from '../knowledge-save-rules';

/** Answers the record id. Quiet: a failure shows the spec's busy text. */
export function saveToKnowledge(paperId: number): Promise<number> {
  const body: SaveToKnwRequest = { paperId };
  return api.post<number>('/api/library/saveToKnw', body, { quiet: true, noLoading: true });
}

export function useSaveToKnowledge() {
  return useMutation({
    mutationFn: saveToKnowledge,
    onSuccess: () => showInfo(SAVE_SUBMITTED_TEXT),
    onError: (e) => {
      if (!isApiError(e, ErrorCode.LoginExpired)) showError(SAVE_BUSY_TEXT);
    },
  });
}
