import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, render, screen, userEvent } from '@/testing/test-utils';
import { DownloadPopover } from './download-popover';

afterEach(() => vi.unstubAllGlobals());

describe('DownloadPopover', () => {
  it('shows the empty state when the list is not offered yet', async () => {
    mockFetch([]);
    render(<DownloadPopover />, { route: '/main/home' });
    await userEvent.click(screen.getByRole('button', { name: '下载列表' }));
    expect(await screen.findByText('暂无下载记录')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '更多下载记录' })).toHaveAttribute('href', '/downloadCenter');
  });

  it('caps the badge at 99+', () => {
    mockFetch([]);
    render(
      <DownloadPopover
        initial={{
          total: 120,
          tasks: [{ id: 1, fileName: '期中试卷', fileExt: 'pdf', fileSize: 2048, createTime: '2024-06-01 10:00:00', status: 3 }],
        }}
      />,
      { route: '/main/home' },
    );
    expect(screen.getByRole('button', { name: '下载列表（99+）' })).toBeInTheDocument();
  });
});
