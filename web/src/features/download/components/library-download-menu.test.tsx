import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { bodiesOf, createTestQueryClient, envelope, mockFetch, render, screen, userEvent } from '@/testing/test-utils';
import { downloadKeys } from '../api/download-keys';
import type { DownloadCounts } from '../api/get-download-counts';
import { LibraryDownloadMenu } from './library-download-menu';

beforeEach(() => {
  notifications.clean();
});
afterEach(() => vi.unstubAllGlobals());

/** The download lists, read again after a task is queued. */
const list = () => envelope({ records: [], total: 0, pageNo: 1, pageSize: 5 });

async function choose(format: 'Word' | 'PDF') {
  await userEvent.click(screen.getByRole('button', { name: '下载：函数专题' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: format }));
}

describe('LibraryDownloadMenu', () => {
  it('queues the library paper as a Word document, says so and is guarded against a second choice', async () => {
    const fetch = mockFetch([
      ['POST', '/api/download/library/submit', () => envelope({ taskId: 12, queueCount: 1 })],
      ['POST', '/api/download/downloadList', list],
    ]);
    const queryClient = createTestQueryClient();
    render(<LibraryDownloadMenu paperId={9} title="函数专题" />, { queryClient });
    await choose('Word');
    expect(await screen.findByText('已加入到下载队列')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/download/library/submit')).toEqual([{ paperId: 9 }]);
    expect(bodiesOf(fetch, '/api/download/paper/submit')).toEqual([]);
    expect(queryClient.getQueryData<DownloadCounts>(downloadKeys.counts())?.queueCount).toBe(1);
    expect(screen.getByRole('button', { name: '下载：函数专题' })).toBeDisabled();
  });

  it('queues a PDF of the library paper', async () => {
    const fetch = mockFetch([
      ['POST', '/api/download/library/submit', () => envelope({ taskId: 13, queueCount: 2 })],
      ['POST', '/api/download/downloadList', list],
    ]);
    render(<LibraryDownloadMenu paperId={9} title="函数专题" />);
    await choose('PDF');
    expect(await screen.findByText('已加入到下载队列')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/download/library/submit')).toEqual([{ paperId: 9, format: 'pdf' }]);
  });

  it("shows the server's message on failure", async () => {
    mockFetch([
      [
        'POST',
        '/api/download/library/submit',
        () => envelope(null, 'A0400', '该讲义不属于资料库，请使用讲义下载', 400),
      ],
    ]);
    render(<LibraryDownloadMenu paperId={9} title="函数专题" />);
    await choose('Word');
    expect(await screen.findByText('该讲义不属于资料库，请使用讲义下载')).toBeInTheDocument();
    expect(screen.queryByText('已加入到下载队列')).not.toBeInTheDocument();
  });
});
