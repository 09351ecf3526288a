import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { bodiesOf, createTestQueryClient, envelope, mockFetch, render, screen, userEvent } from '@/testing/test-utils';
import { downloadKeys } from '../api/download-keys';
import type { DownloadCounts } from '../api/get-download-counts';
import { recentDownloadsQueryOptions } from '../api/get-download-list';
import { PaperDownloadButton } from './paper-download-button';

beforeEach(() => {
  // Messages of an earlier test are still in the notification store.
  notifications.clean();
});
afterEach(() => vi.unstubAllGlobals());

const bodies = bodiesOf;

describe('PaperDownloadButton', () => {
  it('queues the paper, says so and is guarded against a second click', async () => {
    const fetch = mockFetch([
      ['POST', '/api/download/paper/submit', () => envelope({ taskId: 12, queueCount: 1 })],
      ['POST', '/api/download/downloadList', () => envelope({ records: [], total: 0, pageNo: 1, pageSize: 5 })],
    ]);
    // The header popover's list, read before.
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(recentDownloadsQueryOptions().queryKey, { tasks: [], total: 0 });
    render(<PaperDownloadButton paperId={7} />, { queryClient });
    const button = screen.getByRole('button', { name: '下载讲义' });
    await userEvent.click(button);
    expect(await screen.findByText('已加入到下载队列')).toBeInTheDocument();
    expect(bodies(fetch, '/api/download/paper/submit')).toEqual([{ paperId: 7 }]);
    expect(queryClient.getQueryData<DownloadCounts>(downloadKeys.counts())?.queueCount).toBe(1);
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(bodies(fetch, '/api/download/paper/submit')).toHaveLength(1);
    // The popover's list is read again (when shown) to show the new task.
    expect(queryClient.getQueryState(recentDownloadsQueryOptions().queryKey)?.isInvalidated).toBe(true);
  });

  it('queues a PDF of the paper', async () => {
    const fetch = mockFetch([
      ['POST', '/api/download/paper/submit', () => envelope({ taskId: 13, queueCount: 2 })],
      ['POST', '/api/download/downloadList', () => envelope({ records: [], total: 0, pageNo: 1, pageSize: 5 })],
    ]);
    render(<PaperDownloadButton paperId={7} />);
    await userEvent.click(screen.getByRole('button', { name: 'PDF' }));
    expect(await screen.findByText('已加入到下载队列')).toBeInTheDocument();
    expect(bodies(fetch, '/api/download/paper/submit')).toEqual([{ paperId: 7, format: 'pdf' }]);
  });

  it("shows the server's message on failure", async () => {
    mockFetch([['POST', '/api/download/paper/submit', () => envelope(null, 'A0404', '讲义不存在', 404)]]);
    render(<PaperDownloadButton paperId={7} />);
    await userEvent.click(screen.getByRole('button', { name: '下载讲义' }));
    expect(await screen.findByText('讲义不存在')).toBeInTheDocument();
    expect(screen.queryByText('已加入到下载队列')).not.toBeInTheDocument();
  });
});
