import { notifications } from '@mantine/notifications';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { baseDicInfo, pageOf } from '@/features/question/test-helpers';
import type { PaperSummary } from '@/generated/PaperSummary';
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
import { PaperLibrary } from './paper-library';
import { paperSummary } from './test-helpers';

beforeEach(() => notifications.clean());
afterEach(() => vi.unstubAllGlobals());

const APPROVED = paperSummary(4, { paperTitle: '三角函数讲义', auditStatus: 2, ownerId: 9, ownerName: '李老师' });
const AID = paperSummary(5, { paperTitle: '一轮复习·函数', paperType: 3, auditStatus: 2, subject: 56 });
const MINE = paperSummary(1, { paperTitle: '我的导数讲义', auditStatus: 3 });

function server() {
  return mockFetch([
    [
      'POST',
      '/api/paper/collection',
      (_u, init) => {
        const body = jsonBody(init);
        const records: PaperSummary[] = body.mine
          ? [MINE]
          : [APPROVED, AID].filter((p) => body.paperType === undefined || p.paperType === body.paperType);
        return envelope(pageOf(records, records.length, 1, 20));
      },
    ],
    ['POST', '/api/dic/queryBaseDicInfo', () => envelope(baseDicInfo)],
    ['POST', '/api/download/library/submit', () => envelope({ taskId: 31, queueCount: 1 })],
    ['POST', '/api/download/downloadList', () => envelope({ records: [], total: 0, pageNo: 1, pageSize: 5 })],
    [
      'POST',
      '/api/paper/copy',
      (_u, init) => envelope({ paperId: 77, paperName: `讲义${String(jsonBody(init).paperId)}（副本）` }),
    ],
  ]);
}

function open() {
  const router = createMemoryRouter(
    [
      { path: '/knowledgeSelection/paperLibrary', element: <PaperLibrary title="试卷库" /> },
      { path: '/knowledgeSectionEdit', element: <p>讲义编辑页</p> },
    ],
    { initialEntries: ['/knowledgeSelection/paperLibrary'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('试卷库', () => {
  it('lists the approved papers with their type, stage and subject, and filters by type', async () => {
    const fetch = server();
    open();
    const table = await screen.findByRole('table', { name: '试卷库' });
    const row = await within(table).findByRole('row', { name: '三角函数讲义' });
    expect(within(row).getByText('讲义')).toBeInTheDocument();
    expect(within(row).getByText('李老师')).toBeInTheDocument();
    expect(await within(row).findByText('高中数学')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: '一轮复习·函数' })).toHaveTextContent('高中物理');
    expect(bodiesOf(fetch, '/api/paper/collection')[0]).toEqual({ auditStatus: 2, pageNo: 1, pageSize: 20 });

    await userEvent.click(screen.getByRole('radio', { name: '教辅库' }));
    expect(await within(table).findByRole('row', { name: '一轮复习·函数' })).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: '三角函数讲义' })).not.toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/paper/collection').at(-1)).toEqual({
      auditStatus: 2,
      paperType: 3,
      pageNo: 1,
      pageSize: 20,
    });
  });

  it('shows my own papers with their audit state', async () => {
    const fetch = server();
    open();
    await screen.findByRole('row', { name: '三角函数讲义' });
    await userEvent.click(screen.getByRole('radio', { name: '我的试卷' }));
    const row = await screen.findByRole('row', { name: '我的导数讲义' });
    expect(within(row).getByText('未通过')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /反馈/ })).not.toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/paper/collection').at(-1)).toEqual({ mine: true, pageNo: 1, pageSize: 20 });
  });

  it('copies a library paper into my own and opens the copy', async () => {
    const fetch = server();
    const router = open();
    await userEvent.click(await screen.findByRole('button', { name: '复制：三角函数讲义' }));
    expect(await screen.findByText('讲义编辑页')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?paperId=77&ver=0');
    expect(bodiesOf(fetch, '/api/paper/copy')).toEqual([{ paperId: 4 }]);
  });

  it('downloads an approved library paper as Word or PDF; a handout and an unapproved paper have no 下载', async () => {
    const fetch = server();
    open();
    const aid = await screen.findByRole('row', { name: '一轮复习·函数' });
    expect(
      within(screen.getByRole('row', { name: '三角函数讲义' })).queryByRole('button', { name: /下载/ }),
    ).toBeNull();

    await userEvent.click(within(aid).getByRole('button', { name: '下载：一轮复习·函数' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Word' }));
    expect(await screen.findByText('已加入到下载队列')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/download/library/submit')).toEqual([{ paperId: 5 }]);

    notifications.clean();
    // The choice is click-guarded for 2 s.
    await waitFor(() => expect(within(aid).getByRole('button', { name: '下载：一轮复习·函数' })).toBeEnabled(), {
      timeout: 3000,
    });
    await userEvent.click(within(aid).getByRole('button', { name: '下载：一轮复习·函数' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'PDF' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/download/library/submit')).toEqual([{ paperId: 5 }, { paperId: 5, format: 'pdf' }]),
    );

    await userEvent.click(screen.getByRole('radio', { name: '我的试卷' }));
    const mine = await screen.findByRole('row', { name: '我的导数讲义' });
    expect(within(mine).queryByRole('button', { name: /下载/ })).toBeNull();
  });
});
