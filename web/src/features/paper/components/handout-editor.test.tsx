import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import * as Y from 'yjs';
import { sessionStore } from '@/lib/session';
import { FakeSocket } from '@/testing/fake-socket';
import { userInfo } from '@/testing/fixtures';
import { act, bodiesOf, envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { HandoutEditor } from './handout-editor';
import { bodyOf, paperDetail } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());

/** The editor of paper 7 at `ver`. */
function openAt(ver: number) {
  const router = createMemoryRouter(
    [{ path: '/knowledgeSectionEdit', element: <HandoutEditor paperId={7} ver={ver} /> }],
    {
      initialEntries: [`/knowledgeSectionEdit?paperId=7&ver=${ver}`],
    },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** paper/detail answering the live paper and version 2 (its own paragraphs). */
function server(canEdit: boolean) {
  return mockFetch([
    [
      'POST',
      '/api/paper/detail',
      (_u, init) => {
        const { ver } = bodyOf(init) as { ver: number };
        return ver === 2
          ? envelope(
              paperDetail({
                ver: 2,
                canEdit: false,
                sections: { knowledgeReview: ['导数的概念', '曲线在某点处切线的斜率'], homework: ['习题 1'] },
              }),
            )
          : envelope(paperDetail({ canEdit }));
      },
    ],
    ['POST', '/api/paper/restore', () => envelope(paperDetail())],
    ['POST', '/api/feedback/blockCommentData/query', () => envelope([])],
    [
      'POST',
      '/api/feedback/blockCommentData/addOrUpdate',
      (_u, init) =>
        envelope({
          commentId: 1,
          userId: 7,
          userName: '王老师',
          updateTime: 1_790_000_000_000,
          mine: true,
          ...bodyOf(init),
        }),
    ],
    [
      'POST',
      '/api/paper/tree',
      () =>
        envelope([
          {
            key: 'section:knowledgeReview',
            title: '知识梳理',
            level: 1,
            children: [{ key: 'heading:knowledgeReview:1', title: '导数的定义', level: 2, children: [] }],
          },
        ]),
    ],
  ]);
}

describe('HandoutEditor, a saved version', () => {
  it('shows the version read-only as static text with its banner, and restores it', async () => {
    const fetch = server(true);
    const router = openAt(2);
    expect(await screen.findByText('正在查看历史版本 v2')).toBeInTheDocument();
    const review = await screen.findByRole('region', { name: '知识梳理' });
    expect(within(review).getByText('曲线在某点处切线的斜率')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '课后作业' })).getByText('习题 1')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '例题精讲' })).getByText('暂无内容')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText('只读')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '导数及其应用讲义' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重命名' })).not.toBeInTheDocument();
    const detailCalls = fetch.mock.calls.filter(([u]) => u === '/api/paper/detail').map(([, init]) => bodyOf(init));
    expect(detailCalls).toEqual(
      expect.arrayContaining([
        { paperId: 7, ver: 0 },
        { paperId: 7, ver: 2 },
      ]),
    );

    await userEvent.click(await screen.findByRole('button', { name: '恢复此版本' }));
    await userEvent.click(await screen.findByRole('button', { name: '确定恢复' }));
    expect(await screen.findByText('已恢复到版本 v2')).toBeInTheDocument();
    const restore = fetch.mock.calls.find(([u]) => u === '/api/paper/restore')!;
    expect(bodyOf(restore[1])).toEqual({ paperId: 7, versionNo: 2 });
    // Back to the live document, which already carries the restored content.
    expect(router.state.location.search).toBe('?paperId=7&ver=0');
  });

  it('offers no restore to a reader', async () => {
    server(false);
    const router = openAt(2);
    await screen.findByRole('region', { name: '知识梳理' });
    await screen.findByRole('button', { name: '版本' });
    expect(screen.queryByRole('button', { name: '恢复此版本' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回当前版本' }));
    await waitFor(() => expect(router.state.location.search).toBe('?paperId=7&ver=0'));
  });
});

/** A y-protocols variable-length unsigned integer. */
function varUint(n: number): number[] {
  const out: number[] = [];
  let rest = n;
  while (rest > 127) {
    out.push((rest & 127) | 128);
    rest >>>= 7;
  }
  out.push(rest);
  return out;
}

/** The y-websocket frame of a document update (messageSync, messageYjsUpdate, the update). */
function updateFrame(update: Uint8Array): ArrayBuffer {
  return new Uint8Array([0, 2, ...varUint(update.length), ...update]).buffer;
}

describe('HandoutEditor, the live document', () => {
  afterEach(() => {
    sessionStore.set((s) => ({ ...s, user: null }));
    FakeSocket.reset();
  });

  it('renders the formulas the server wrote as inlineMath elements with KaTeX', async () => {
    sessionStore.set((s) => ({ ...s, user: userInfo() }));
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.reset();
    server(true);
    openAt(0);
    const examples = await screen.findByRole('textbox', { name: '例题精讲' });

    // What the server's append_rich_paragraphs writes: a paragraph of text and formulas.
    const serverDoc = new Y.Doc();
    const paragraph = new Y.XmlElement('paragraph');
    const math = new Y.XmlElement('inlineMath');
    math.setAttribute('latex', '\\frac{1}{2}x^2');
    paragraph.insert(0, [new Y.XmlText('1. 已知 '), math, new Y.XmlText('，求导数。')]);
    serverDoc.getXmlFragment('workedExamples').insert(0, [paragraph]);
    const socket = FakeSocket.all.find((s) => s.url.includes('handout'))!;
    act(() => {
      socket.open();
      socket.receive(updateFrame(Y.encodeStateAsUpdate(serverDoc)) as unknown as string);
    });

    await waitFor(() => expect(examples.querySelector('.katex')).not.toBeNull());
    const node = examples.querySelector('[data-type="inline-math"]')!;
    expect(node).toHaveAttribute('data-latex', '\\frac{1}{2}x^2');
    expect(examples).toHaveTextContent('1. 已知');
    expect(examples).toHaveTextContent('，求导数。');
  });
});

describe('HandoutEditor, comments on blocks', () => {
  afterEach(() => {
    sessionStore.set((s) => ({ ...s, user: null }));
    FakeSocket.reset();
  });

  it('comments on the heading the caret is under', async () => {
    sessionStore.set((s) => ({ ...s, user: userInfo() }));
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.reset();
    const fetch = server(true);
    openAt(0);
    const review = await screen.findByRole('textbox', { name: '知识梳理' });

    // 知识梳理: a paragraph, a heading (block 1) and a paragraph under it.
    const serverDoc = new Y.Doc();
    const heading = new Y.XmlElement('heading');
    heading.insert(0, [new Y.XmlText('导数的定义')]);
    const intro = new Y.XmlElement('paragraph');
    intro.insert(0, [new Y.XmlText('引言')]);
    const body = new Y.XmlElement('paragraph');
    body.insert(0, [new Y.XmlText('函数在某点的瞬时变化率')]);
    serverDoc.getXmlFragment('knowledgeReview').insert(0, [intro, heading, body]);
    const socket = FakeSocket.all.find((s) => s.url.includes('handout'))!;
    act(() => {
      socket.open();
      socket.receive(updateFrame(Y.encodeStateAsUpdate(serverDoc)) as unknown as string);
    });
    await waitFor(() => expect(review).toHaveTextContent('函数在某点的瞬时变化率'));

    await userEvent.click(screen.getByRole('button', { name: '评论' }));
    const panel = await screen.findByRole('complementary', { name: '评论' });
    expect(await within(panel).findByText('还没有评论')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: '评论位置' })).toHaveValue('');

    // The caret goes into the paragraph under the heading.
    const text = within(review).getByText('函数在某点的瞬时变化率').firstChild!;
    act(() => {
      review.focus();
      document.getSelection()!.collapse(text, 3);
      document.dispatchEvent(new Event('selectionchange'));
    });
    const place = within(panel).getByRole('textbox', { name: '评论位置' });
    await waitFor(() => expect(place).toHaveValue('导数的定义'));

    await userEvent.type(within(panel).getByRole('textbox', { name: '评论内容' }), '加一个图');
    await userEvent.click(within(panel).getByRole('button', { name: '发表评论' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/feedback/blockCommentData/addOrUpdate')).toEqual([
        { paperId: 7, blockKey: 'heading:knowledgeReview:1', content: '加一个图' },
      ]),
    );
  });
});
