import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlockComment } from '@/generated/BlockComment';
import {
  bodiesOf,
  envelope,
  jsonBody,
  mockFetch,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { BlockCommentsPanel } from './block-comments-panel';

beforeEach(() => notifications.clean());
afterEach(() => vi.unstubAllGlobals());

function comment(commentId: number, patch: Partial<BlockComment> = {}): BlockComment {
  return {
    commentId,
    paperId: 7,
    blockKey: 'heading:knowledgeReview:1',
    userId: 9,
    userName: '李老师',
    content: `评论${commentId}`,
    updateTime: new Date(2026, 10, 22, 9, 30).getTime(),
    mine: false,
    ...patch,
  };
}

const TREE = [
  { key: 'section:handoutTitle', title: '讲义标题', level: 1, children: [] },
  {
    key: 'section:knowledgeReview',
    title: '知识梳理',
    level: 1,
    children: [{ key: 'heading:knowledgeReview:1', title: '导数的定义', level: 2, children: [] }],
  },
  { key: 'section:homework', title: '课后作业', level: 1, children: [] },
];

/** The paper's comments (changed by addOrUpdate as the server would) and its outline. */
function server(initial: BlockComment[]) {
  let comments = [...initial];
  let next = 100;
  return mockFetch([
    ['POST', '/api/feedback/blockCommentData/query', () => envelope(comments)],
    [
      'POST',
      '/api/feedback/blockCommentData/addOrUpdate',
      (_u, init) => {
        const body = jsonBody(init) as { commentId?: number; blockKey: string; content: string };
        const saved =
          body.commentId === undefined
            ? comment((next += 1), {
                blockKey: body.blockKey,
                content: body.content,
                userId: 7,
                userName: '王老师',
                mine: true,
              })
            : { ...comments.find((c) => c.commentId === body.commentId)!, content: body.content };
        comments = [...comments.filter((c) => c.commentId !== saved.commentId), saved];
        return envelope(saved);
      },
    ],
    ['POST', '/api/paper/tree', () => envelope(TREE)],
  ]);
}

describe('BlockCommentsPanel', () => {
  it('lists the comments by block in the paper’s order and comments on the block the caret is in', async () => {
    const fetch = server([
      comment(1, { blockKey: 'section:homework', content: '作业太多' }),
      comment(2, { content: '定义写得清楚' }),
      comment(3, { blockKey: 'heading:knowledgeReview:6', content: '这一段已删掉了' }),
    ]);
    render(<BlockCommentsPanel paperId={7} current="heading:knowledgeReview:1" onClose={() => undefined} />);
    const panel = screen.getByRole('complementary', { name: '评论' });

    const definition = await within(panel).findByRole('region', { name: '知识梳理 › 导数的定义' });
    expect(within(definition).getByText('定义写得清楚')).toBeInTheDocument();
    expect(within(definition).getByText('李老师')).toBeInTheDocument();
    expect(within(definition).getByText('评论位置')).toBeInTheDocument();
    // Only one's own comments are changed.
    expect(within(definition).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    const groups = within(panel)
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-label'));
    expect(groups).toEqual(['知识梳理 › 导数的定义', '知识梳理 › 第7段', '课后作业']);
    expect(bodiesOf(fetch, '/api/feedback/blockCommentData/query')).toEqual([{ paperId: 7 }]);

    expect(within(panel).getByRole('textbox', { name: '评论位置' })).toHaveValue('导数的定义');
    expect(within(panel).getByRole('button', { name: '发表评论' })).toBeDisabled();
    await userEvent.type(within(panel).getByRole('textbox', { name: '评论内容' }), '  补充一个例子  ');
    await userEvent.click(within(panel).getByRole('button', { name: '发表评论' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/feedback/blockCommentData/addOrUpdate')).toEqual([
        { paperId: 7, blockKey: 'heading:knowledgeReview:1', content: '补充一个例子' },
      ]),
    );
    expect(await screen.findByText('评论已发表')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: '评论内容' })).toHaveValue('');
    // Read again: the new comment is listed as the caller's.
    expect(await within(definition).findByText('补充一个例子')).toBeInTheDocument();
    expect(within(definition).getByText(/王老师（我）/)).toBeInTheDocument();
  });

  it('changes one’s own comment in place', async () => {
    const fetch = server([comment(5, { content: '标题改短', userName: '王老师', userId: 7, mine: true })]);
    render(<BlockCommentsPanel paperId={7} current={null} onClose={() => undefined} />);
    const block = await screen.findByRole('region', { name: '知识梳理 › 导数的定义' });
    await userEvent.click(within(block).getByRole('button', { name: '编辑' }));
    const box = within(block).getByRole('textbox', { name: '修改评论' });
    expect(box).toHaveValue('标题改短');
    await userEvent.clear(box);
    await userEvent.type(box, '标题再改短一些');
    await userEvent.click(within(block).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/feedback/blockCommentData/addOrUpdate')).toEqual([
        { commentId: 5, paperId: 7, blockKey: 'heading:knowledgeReview:1', content: '标题再改短一些' },
      ]),
    );
    expect(await within(block).findByText('标题再改短一些')).toBeInTheDocument();
    expect(within(block).queryByRole('textbox', { name: '修改评论' })).not.toBeInTheDocument();
  });

  it('comments on a block picked from the list until the caret moves', async () => {
    const fetch = server([comment(1, { blockKey: 'section:homework', content: '作业太多' })]);
    const onClose = vi.fn();
    const { rerender } = render(<BlockCommentsPanel paperId={7} current="section:knowledgeReview" onClose={onClose} />);
    const panel = screen.getByRole('complementary', { name: '评论' });
    const place = within(panel).getByRole('textbox', { name: '评论位置' });
    await waitFor(() => expect(place).toHaveValue('知识梳理（整节）'));

    await userEvent.click(await within(panel).findByRole('button', { name: '评论此处：课后作业' }));
    expect(place).toHaveValue('课后作业（整节）');
    await userEvent.type(within(panel).getByRole('textbox', { name: '评论内容' }), '少留两题');
    await userEvent.click(within(panel).getByRole('button', { name: '发表评论' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/feedback/blockCommentData/addOrUpdate')).toEqual([
        { paperId: 7, blockKey: 'section:homework', content: '少留两题' },
      ]),
    );

    // The caret moved: the place follows it again.
    rerender(<BlockCommentsPanel paperId={7} current="heading:knowledgeReview:1" onClose={onClose} />);
    expect(place).toHaveValue('导数的定义');
    await userEvent.click(within(panel).getByRole('button', { name: '关闭评论' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('reads the outline again once when the caret is in a heading it does not list yet', async () => {
    const fetch = server([]);
    render(<BlockCommentsPanel paperId={7} current="heading:knowledgeReview:3" onClose={() => undefined} />);
    expect(await screen.findByText('还没有评论')).toBeInTheDocument();
    await waitFor(() => expect(bodiesOf(fetch, '/api/paper/tree')).toHaveLength(2));
    expect(screen.getByRole('textbox', { name: '评论位置' })).toHaveValue('第4段');
  });
});
