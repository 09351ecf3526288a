import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderHook } from '@/testing/test-utils';
import { QUEUED_IN_CENTRE_TEXT } from '../download-rules';
import { downloadKeys } from './download-keys';
import type { DownloadCounts } from './get-download-counts';
import { useQueuedCall } from './use-queued-call';

afterEach(() => vi.restoreAllMocks());

describe('useQueuedCall', () => {
  it('runs another feature’s queueing call: the queue count follows its answer, the user is told where the file will be', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const queryClient = createTestQueryClient();
    queryClient.setQueryData<DownloadCounts>(downloadKeys.counts(), { queueCount: 1, doneCount: 4 });
    const { result } = renderHook(() => useQueuedCall(), { queryClient });
    const answer = await result.current(() => Promise.resolve({ queueCount: 2 }));
    expect(answer).toEqual({ queueCount: 2 });
    expect(queryClient.getQueryData(downloadKeys.counts())).toEqual({ queueCount: 2, doneCount: 4 });
    expect(show.mock.calls.map(([n]) => n.message)).toContain(QUEUED_IN_CENTRE_TEXT);
  });

  it('a failed call queues nothing and says nothing', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const queryClient = createTestQueryClient();
    const { result } = renderHook(() => useQueuedCall(), { queryClient });
    await expect(result.current(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(queryClient.getQueryData(downloadKeys.counts())).toBeUndefined();
    expect(show).not.toHaveBeenCalled();
  });
});
