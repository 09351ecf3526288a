import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
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
