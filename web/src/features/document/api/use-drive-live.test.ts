import { describe, expect, it, vi } from 'vitest';
import { connectedClient, pushContent } from '@/testing/fake-socket';
import { createTestQueryClient, renderHook } from '@/testing/test-utils';
import { CHANGE_WINDOW_MS, driveChangeOf, driveJobOf, useDriveLive } from './use-drive-live';

const message = (value: unknown) => ({
  id: '',
  typeCode: 'magic_drive_changed',
  content: pushContent({ value: value as never }),
});

describe('drive pushes', () => {
  it('reads a DriveChange and a DriveJob from a push, and nothing else', () => {
    expect(driveChangeOf(message({ teamId: 5, folderIds: [1, 'x', 2] }))).toEqual({ teamId: 5, folderIds: [1, 2] });
    expect(driveChangeOf(message({ teamId: '5' }))).toBeNull();
    expect(driveChangeOf(message(null))).toBeNull();
    expect(driveJobOf(message({ jobId: 3, status: 4, percent: 20, total: 9, error: '存储空间不足' }))).toEqual({
      jobId: 3,
      status: 4,
      percent: 20,
      total: 9,
      error: '存储空间不足',
    });
    expect(driveJobOf(message({ jobId: 3 }))).toBeNull();
  });

  it('reads the drive again at once on a change, once more for a burst, and after a reconnect', () => {
    vi.useFakeTimers();
    try {
      const { client, socket } = connectedClient();
      const queryClient = createTestQueryClient();
      const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
      const jobs: unknown[] = [];
      renderHook(() => useDriveLive((job) => jobs.push(job), client), { queryClient });
      for (let i = 0; i < 5; i += 1) {
        socket.push('', 'magic_drive_changed', pushContent({ value: { teamId: 0, folderIds: [i] } }));
      }
      expect(invalidate).toHaveBeenCalledTimes(1);
      expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['drive'] });
      vi.advanceTimersByTime(CHANGE_WINDOW_MS);
      expect(invalidate).toHaveBeenCalledTimes(2);

      socket.push(9, 'magic_drive_job', pushContent({ value: { jobId: 1, status: 2, percent: 5, total: 100 } }));
      expect(jobs).toEqual([{ jobId: 1, status: 2, percent: 5, total: 100 }]);

      socket.drop();
      vi.advanceTimersByTime(2_000);
      socket.open();
      expect(invalidate).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
