import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastComment } from '@/generated/FastComment';
import { envelope, jsonBody, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { bodies } from '../../test-helpers';
import { FastCommentManager } from './fast-comment-manager';

afterEach(() => vi.unstubAllGlobals());

function server() {
  let comments: FastComment[] = [
    { id: 1, content: '内容过于简单', createdAt: 0 },
    { id: 2, content: '未写明下一步计划', createdAt: 0 },
  ];
  return mockFetch([
    ['GET', '/api/fastComment/list', () => envelope(comments)],
    [
      'POST',
      '/api/fastComment/add',
      (_url, init) => {
        const { content } = jsonBody(init) as { content: string };
        const added = { id: 3, content, createdAt: 0 };
        comments = [...comments, added];
        return envelope(added);
      },
    ],
    [
      'POST',
      '/api/fastComment/batchDel',
      (_url, init) => {
        const { ids } = jsonBody(init) as { ids: number[] };
        comments = comments.filter((c) => !ids.includes(c.id));
        return envelope({ changed: ids.length });
      },
    ],
  ]);
}

describe('FastCommentManager', () => {
  it('adds a quick comment and deletes the ticked ones', async () => {
    const fetch = server();
    render(<FastCommentManager opened onClose={vi.fn()} />);
    const modal = await screen.findByRole('dialog', { name: '管理快捷评语' });
    await within(modal).findByRole('checkbox', { name: '内容过于简单' });

    await userEvent.click(within(modal).getByRole('button', { name: '添加' }));
    expect(await within(modal).findByText('请输入评语内容')).toBeInTheDocument();
    await userEvent.type(within(modal).getByRole('textbox', { name: '新的快捷评语' }), ' 表达清楚{Enter}');
    await waitFor(() => expect(bodies(fetch, '/api/fastComment/add')).toEqual([{ content: '表达清楚' }]));
    expect(await within(modal).findByRole('checkbox', { name: '表达清楚' })).toBeInTheDocument();
    expect(within(modal).getByRole('textbox', { name: '新的快捷评语' })).toHaveValue('');

    expect(within(modal).getByRole('button', { name: '删除所选' })).toBeDisabled();
    await userEvent.click(within(modal).getByRole('checkbox', { name: '内容过于简单' }));
    await userEvent.click(within(modal).getByRole('checkbox', { name: '表达清楚' }));
    await userEvent.click(within(modal).getByRole('button', { name: '删除所选' }));
    await waitFor(() => expect(bodies(fetch, '/api/fastComment/batchDel')).toEqual([{ ids: [1, 3] }]));
    expect(await screen.findByText('已删除2条快捷评语')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(modal).queryByRole('checkbox', { name: '内容过于简单' })).not.toBeInTheDocument(),
    );
    expect(within(modal).getByRole('checkbox', { name: '未写明下一步计划' })).toBeInTheDocument();
  });
});
