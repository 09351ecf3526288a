import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent } from '@/testing/test-utils';
import { SaveToKnowledgeButton } from './save-to-knowledge-button';

// Messages of an earlier test are still in the notification store.
beforeEach(() => notifications.clean());
afterEach(() => vi.unstubAllGlobals());

const bodies = bodiesOf;

describe('SaveToKnowledgeButton', () => {
  it('starts the save and says the result will be announced', async () => {
    const fetch = mockFetch([['POST', '/api/library/saveToKnw', () => envelope(31)]]);
    render(<SaveToKnowledgeButton paperId={7} />);
    await userEvent.click(screen.getByRole('button', { name: '保存到知识库' }));
    expect(await screen.findByText('已提交保存，完成后会通知您')).toBeInTheDocument();
    expect(bodies(fetch, '/api/library/saveToKnw')).toEqual([{ paperId: 7 }]);
    // Click-guarded: a second click right away sends nothing.
    expect(screen.getByRole('button', { name: '保存到知识库' })).toBeDisabled();
  });

  it('shows exactly the busy text when the call fails', async () => {
    mockFetch([['POST', '/api/library/saveToKnw', () => envelope(null, 'C0001', '服务暂不可用', 503)]]);
    render(<SaveToKnowledgeButton paperId={7} />);
    await userEvent.click(screen.getByRole('button', { name: '保存到知识库' }));
    expect(await screen.findByText('易备课整本保存系统繁忙，稍等刷新页面查看进度')).toBeInTheDocument();
    expect(screen.queryByText('服务暂不可用')).not.toBeInTheDocument();
    expect(screen.queryByText('已提交保存，完成后会通知您')).not.toBeInTheDocument();
  });
});
