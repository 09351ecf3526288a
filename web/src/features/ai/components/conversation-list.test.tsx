import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, jsonBody, mockFetch, render, screen, userEvent, waitFor } from '@/testing/test-utils';
import { conversation, page } from '../test-helpers';
import { ConversationList } from './conversation-list';

afterEach(() => vi.unstubAllGlobals());

function server() {
  return mockFetch([
    [
      'POST',
      '/api/ai/conversation/list',
      (_url, init) =>
        jsonBody(init).pageNo === 2
          ? envelope(page([conversation(3)], 2, 21))
          : envelope(page([conversation(5, { unread: 2 }), conversation(4)], 1, 21)),
    ],
    ['POST', '/api/ai/conversation/rename', () => envelope(true)],
    ['POST', '/api/ai/conversation/delete', () => envelope(true)],
  ]);
}

describe('the conversation list', () => {
  it('opens, renames inline, deletes after asking, and reads more pages', async () => {
    const fetch = server();
    const onOpen = vi.fn();
    const onDeletedCurrent = vi.fn();
    render(<ConversationList current={5} onOpen={onOpen} onNew={vi.fn()} onDeletedCurrent={onDeletedCurrent} />);
    expect(await screen.findByLabelText('对话5 未读 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '对话4' }));
    expect(onOpen).toHaveBeenCalledWith(4);

    await userEvent.click(screen.getByRole('button', { name: '重命名 对话5' }));
    const title = screen.getByRole('textbox', { name: '对话名称' });
    await userEvent.clear(title);
    await userEvent.type(title, '勾股定理备课{Enter}');
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/ai/conversation/rename')).toEqual([{ conversationId: 5, title: '勾股定理备课' }]),
    );
    expect(await screen.findByRole('button', { name: '勾股定理备课' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '删除 勾股定理备课' }));
    const dialog = await screen.findByRole('dialog', { name: '删除对话' });
    expect(dialog).toHaveTextContent('确定删除对话“勾股定理备课”吗？');
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/ai/conversation/delete')).toEqual([{ conversationId: 5 }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: '勾股定理备课' })).not.toBeInTheDocument());
    expect(onDeletedCurrent).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByRole('button', { name: '对话3' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/ai/conversation/list').map((b) => b.pageNo)).toEqual([1, 2]);
  });
});
