// An inspector's quick comments (spec 02 §7.6 `fastComment`): listed, added, deleted in a batch.

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Changed } from '@/generated/Changed';
import type { FastComment } from '@/generated/FastComment';
import type { FastCommentAdd } from '@/generated/FastCommentAdd';
import type { IdsRequest } from '@/generated/IdsRequest';
import { api } from '@/lib/api-client';
import { qcKeys } from './qc-keys';

/** GET /api/fastComment/list (no loading: it fills a picker). */
export function getFastComments(): Promise<FastComment[]> {
  return api.get<FastComment[]>('/api/fastComment/list', { noLoading: true });
}

export function fastCommentsQueryOptions() {
  return queryOptions({ queryKey: qcKeys.fastComments(), queryFn: getFastComments });
}

export function useFastComments() {
  return useQuery(fastCommentsQueryOptions());
}

/** POST /api/fastComment/add */
export function addFastComment(content: string): Promise<FastComment> {
  const body: FastCommentAdd = { content };
  return api.post<FastComment>('/api/fastComment/add', body);
}

export function useAddFastComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFastComment,
    onSuccess: (comment) => {
      queryClient.setQueryData<FastComment[]>(qcKeys.fastComments(), (list) => (list ? [...list, comment] : list));
      return queryClient.invalidateQueries({ queryKey: qcKeys.fastComments() });
    },
  });
}

/** POST /api/fastComment/batchDel */
export function deleteFastComments(ids: number[]): Promise<Changed> {
  const body: IdsRequest = { ids };
  return api.post<Changed>('/api/fastComment/batchDel', body);
}

export function useDeleteFastComments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFastComments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qcKeys.fastComments() }),
  });
}
