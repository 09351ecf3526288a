import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, render, screen, waitFor } from '@/testing/test-utils';
import { CountCards } from './count-cards';

afterEach(() => vi.unstubAllGlobals());

describe('home counts', () => {
  it('opens the list a count is of: the reports due open 我的反馈 on 待写反馈', async () => {
    mockFetch([
      ['GET', '/api/home/todoTaskCnt', () => envelope(3)],
      ['GET', '/api/mainPage/increase/count', () => envelope(12)],
    ]);
    render(<CountCards links={{ todoTasks: '/easyServer/myFeedback?tab=due' }} />, { route: '/main/home' });
    await waitFor(() => expect(screen.getByLabelText('待办任务')).toHaveTextContent('3'));
    expect(screen.getByRole('link', { name: /待办任务/ })).toHaveAttribute('href', '/easyServer/myFeedback?tab=due');
    await waitFor(() => expect(screen.getByLabelText('新增资源')).toHaveTextContent('12'));
    // New resources have no list: a plain card.
    expect(screen.queryByRole('link', { name: /新增资源/ })).not.toBeInTheDocument();
  });
});
