// POST /api/download/deleteTask: the task leaves every list at once (and the desktop client's own
// list, deleteDowncenterList); the push that follows brings the counts.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { desktopBridge } from '@/features/desktop/desktop-bridge';
import { removeTask } from '../download-cache';

export function deleteDownloadTask(id: number): Promise<unknown> {
  return api.post('/api/download/deleteTask', { id }, { noLoading: true });
}

export function useDeleteDownloadTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDownloadTask,
    onSuccess: (_answer, id) => {
      removeTask(client, id);
      void desktopBridge.removeFromList(id);
    },
  });
}
