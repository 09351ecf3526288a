import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { bodiesOf, envelope, jsonBody, mockFetch, render, screen, userEvent, within } from '@/testing/test-utils';
import { dueReport, myReport, pageOf } from '../test-helpers';
import { MyFeedback } from './my-feedback';

afterEach(() => vi.unstubAllGlobals());

function Opened() {
  const { pathname, search } = useLocation();
  return <p>opened {pathname + search}</p>;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/easyServer/myFeedback', element: <MyFeedback /> },
      { path: '*', element: <Opened /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function server() {
  return mockFetch([
    [
      'POST',
      '/api/teaching/reports/due',
      () => envelope(pageOf([dueReport(1), dueReport(2, { reportId: 88, stage: 'draft', stageName: '草稿' })])),
    ],
    [
      'POST',
      '/api/teaching/reports',
      () =>
        envelope(
          pageOf([
            myReport(301),
            myReport(302, {
              owner: false,
              canEdit: false,
              stage: 'opened',
              stageName: '家长已读',
              studentName: '学员2',
            }),
          ]),
        ),
    ],
    [
      'POST',
      '/api/report/feedback/v2/init',
      (_url, init) => envelope({ reportId: jsonBody(init).studentId === 2 ? 88 : 90 }),
    ],
  ]);
}

describe('我的反馈', () => {
  it('opens on 待写反馈: 写反馈 starts a report, 继续编辑 opens the draft, both through v2/init', async () => {
    const fetch = server();
    renderAt('/easyServer/myFeedback');
    const table = await screen.findByRole('table', { name: '待写反馈' });
    expect(screen.getByRole('tab', { name: '待写反馈' })).toHaveAttribute('aria-selected', 'true');
    expect(fetch.mock.calls.some(([u]) => u === '/api/teaching/reports/due?pageNo=1&pageSize=30')).toBe(true);
    const first = await within(table).findByRole('row', { name: /^学员1 / });
    expect(first).toHaveTextContent('未开始');
    const second = within(table).getByRole('row', { name: /^学员2 / });
    expect(second).toHaveTextContent('草稿');
    await userEvent.click(within(second).getByRole('button', { name: '继续编辑' }));
    expect(await screen.findByText('opened /easyServer/feedbackEdit?id=88')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/report/feedback/v2/init')).toEqual([{ lessonId: 14, studentId: 2 }]);
  });

  it('全部反馈 lists my and shared reports by stage; 编辑 only where I may, 预览 always', async () => {
    const fetch = server();
    renderAt('/easyServer/myFeedback?tab=all');
    const table = await screen.findByRole('table', { name: '全部反馈' });
    const mine = await within(table).findByRole('row', { name: /^学员1 / });
    expect(mine).toHaveTextContent('已提交');
    expect(mine).toHaveTextContent('我的');
    expect(within(mine).getByRole('link', { name: '编辑' })).toHaveAttribute('href', '/easyServer/feedbackEdit?id=301');
    const shared = within(table).getByRole('row', { name: /^学员2 / });
    expect(shared).toHaveTextContent('共享');
    expect(shared).toHaveTextContent('家长已读');
    expect(within(shared).queryByRole('link', { name: '编辑' })).not.toBeInTheDocument();
    expect(within(shared).getByRole('link', { name: '预览' })).toHaveAttribute(
      'href',
      '/easyServer/feedbackPreview?id=302',
    );

    await userEvent.click(screen.getByRole('textbox', { name: '状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '已发送' }));
    await userEvent.type(screen.getByRole('textbox', { name: '关键词' }), '高一');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await screen.findByRole('table', { name: '全部反馈' });
    const bodies = bodiesOf(fetch, '/api/teaching/reports');
    expect(bodies[0]).toEqual({ pageNo: 1, pageSize: 30 });
    expect(bodies.at(-1)).toEqual({ stage: 'sent', keyword: '高一', pageNo: 1, pageSize: 30 });
  });
});
