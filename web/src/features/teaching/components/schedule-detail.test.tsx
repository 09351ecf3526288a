import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, within } from '@/testing/test-utils';
import { lessonDetail } from '../test-helpers';
import { ScheduleDetail } from './schedule-detail';

afterEach(() => vi.unstubAllGlobals());

/** Where the editor or the preview was opened. */
function Opened() {
  const { pathname, search } = useLocation();
  return <p>opened {pathname + search}</p>;
}

function renderLesson() {
  const router = createMemoryRouter(
    [
      { path: '/easyServer/scheduleDetail/:id', element: <ScheduleDetail id={14} /> },
      { path: '*', element: <Opened /> },
    ],
    { initialEntries: ['/easyServer/scheduleDetail/14'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function server(detail = lessonDetail()) {
  return mockFetch([
    ['POST', '/api/teaching/lesson/detail', () => envelope(detail)],
    ['POST', '/api/report/feedback/v2/init', () => envelope({ reportId: 77 })],
  ]);
}

describe('课表详情', () => {
  it('shows the lesson and its students with their attendance and report stage', async () => {
    const fetch = server();
    renderLesson();
    expect(await screen.findByRole('heading', { name: '高一数学精品班 · 第14讲' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/teaching/lesson/detail')).toEqual([{ id: 14 }]);
    expect(screen.getByRole('group', { name: '上课时间' })).toHaveTextContent('2026-11-24 周二 09:00–11:00');
    expect(screen.getByRole('group', { name: '校区' })).toHaveTextContent('北京海淀校区 / 五道口教学点');
    const table = screen.getByRole('table', { name: '课次学生' });
    const first = within(table).getByRole('row', { name: '学员1' });
    expect(first).toHaveTextContent('出勤');
    expect(first).toHaveTextContent('08:55');
    expect(first).toHaveTextContent('未开始');
    expect(within(table).getByRole('row', { name: '学员2' })).toHaveTextContent('草稿');
    expect(within(table).getByRole('row', { name: '学员3' })).toHaveTextContent('缺勤');
  });

  it('写反馈 creates (or finds) the report with v2/init, then opens its editor', async () => {
    const fetch = server();
    const router = renderLesson();
    const row = await screen.findByRole('row', { name: '学员1' });
    await userEvent.click(within(row).getByRole('button', { name: '写反馈' }));
    expect(await screen.findByText('opened /easyServer/feedbackEdit?id=77')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/report/feedback/v2/init')).toEqual([{ lessonId: 14, studentId: 1 }]);
    expect(router.state.location.pathname).toBe('/easyServer/feedbackEdit');
  });

  it('编辑反馈 opens a written report without creating one', async () => {
    const fetch = server();
    renderLesson();
    const row = await screen.findByRole('row', { name: '学员2' });
    await userEvent.click(within(row).getByRole('button', { name: '编辑反馈' }));
    expect(await screen.findByText('opened /easyServer/feedbackEdit?id=301')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/report/feedback/v2/init')).toEqual([]);
  });

  it('only reads the reports of a lesson another teacher gives', async () => {
    server(lessonDetail({ canWriteFeedback: false }));
    renderLesson();
    const table = await screen.findByRole('table', { name: '课次学生' });
    expect(within(table).queryByRole('button', { name: '写反馈' })).not.toBeInTheDocument();
    await userEvent.click(
      within(within(table).getByRole('row', { name: '学员2' })).getByRole('button', { name: '查看反馈' }),
    );
    expect(await screen.findByText('opened /easyServer/feedbackPreview?id=301')).toBeInTheDocument();
  });

  it('draws what the app hands it under the lesson (its 课后任务)', async () => {
    server();
    const router = createMemoryRouter(
      [
        {
          path: '/easyServer/scheduleDetail/:id',
          element: <ScheduleDetail id={14} extra={(d) => <p>任务 of {d.lesson.classId}</p>} />,
        },
      ],
      { initialEntries: ['/easyServer/scheduleDetail/14'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('任务 of 57')).toBeInTheDocument();
  });

  it('says so when the lesson cannot be opened', async () => {
    mockFetch([['POST', '/api/teaching/lesson/detail', () => envelope(null, 'A0404', '课次不存在或无权查看', 404)]]);
    renderLesson();
    expect(await screen.findByText('课次不存在或无权查看', { selector: 'p' })).toBeInTheDocument();
  });
});
