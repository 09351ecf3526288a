// One work task (`workTask/detail`) and its executor finishing it (`workTask/finish`, answering the
// task as it now stands; 409 任务已完成 when it was done already).

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdRequest } from '@/generated/IdRequest';
import type { WorkTaskFinish } from '@/generated/WorkTaskFinish';
import type { WorkTaskRow } from '@/generated/WorkTaskRow';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { invalidateWorkTasks, workTaskKeys } from './work-task-keys';

/** POST /api/workTask/detail: quiet, the page says why it could not be read (A0404, A0300). */
export function getWorkTask(id: number, options?: RequestOptions): Promise<WorkTaskRow> {
  const body: IdRequest = { id };
  return api.post<WorkTaskRow>('/api/workTask/detail', body, { ...options, quiet: true });
}

export function workTaskQueryOptions(id: number) {
  return queryOptions({
    queryKey: workTaskKeys.detail(id),
    queryFn: (context) => getWorkTask(id, readOptions(context)),
  });
}

export function useWorkTask(id: number) {
  return useQuery(workTaskQueryOptions(id));
}

/** POST /api/workTask/finish */
export function finishWorkTask(body: WorkTaskFinish): Promise<WorkTaskRow> {
  return api.post<WorkTaskRow>('/api/workTask/finish', body);
}

/**
 * Finishes a task: the task as answered, then every list, count and statistics read again. A
 * refusal (任务已完成) is shown by the API client; the lists are read again too, as the task
 * changed meanwhile.
 */
export function useFinishWorkTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishWorkTask,
    onSuccess: (task) => {
      queryClient.setQueryData(workTaskKeys.detail(task.id), task);
      return invalidateWorkTasks(queryClient);
    },
    onError: () => invalidateWorkTasks(queryClient),
  });
}
