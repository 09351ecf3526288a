import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { bodiesOf, envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { LESSONS, recordToolServer, START, visitable, visitDetail, visitLesson } from '../test-helpers';
import { chinaDay, shiftDay } from '../visit-rules';
import { StartRecord } from './start-record';

afterEach(() => vi.unstubAllGlobals());

/** Where the page went. */
function Opened() {
  const { pathname, search } = useLocation();
  return <p>opened {pathname + search}</p>;
}

function renderPage(lessonId: number | null = null) {
  const router = createMemoryRouter(
    [
      { path: '/recordTool/startRecord', element: <StartRecord lessonId={lessonId} /> },
      { path: '*', element: <Opened /> },
    ],
    { initialEntries: ['/recordTool/startRecord'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const LESSON_1 = '09:00–11:00 高一数学精品班 第14讲';
const LESSON_2 = '14:00–16:00 高一数学精品班 第15讲';

describe('开始听课', () => {
  it("lists today's visitable lessons, reads another day, and starts a visit", async () => {
    const fetch = recordToolServer([
      [
        'POST',
        LESSONS,
        () =>
          envelope([
            visitable(15, {
              lesson: visitLesson(15, {
                startTime: new Date(2026, 10, 24, 14).getTime(),
                endTime: new Date(2026, 10, 24, 16).getTime(),
              }),
              myVisitId: 8,
              visitCount: 2,
            }),
            visitable(14),
          ]),
      ],
    ]);
    renderPage();
    const list = await screen.findByRole('list', { name: '可听的课次' });
    const cards = within(list).getAllByRole('article');
    // In the order of the day.
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([LESSON_1, LESSON_2]);
    const today = chinaDay(Date.now());
    expect(bodiesOf(fetch, LESSONS)).toEqual([{ day: today }]);

    const first = within(list).getByRole('article', { name: LESSON_1 });
    expect(first).toHaveTextContent('数学 · 高一 · 张老师');
    expect(first).toHaveTextContent('北京海淀校区 · 学生 11');
    expect(within(first).queryByText('我的记录')).not.toBeInTheDocument();
    const second = within(list).getByRole('article', { name: LESSON_2 });
    expect(within(second).getByText('我的记录')).toBeInTheDocument();
    expect(within(second).getByText('已有 2 条听课')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: '继续听课' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '前一天' }));
    await waitFor(() => expect(bodiesOf(fetch, LESSONS).at(-1)).toEqual({ day: shiftDay(today, -1) }));

    const again = await screen.findByRole('article', { name: LESSON_1 });
    await userEvent.click(within(again).getByRole('button', { name: '开始听课' }));
    expect(await screen.findByText('opened /recordTool/proceedRecord?id=9')).toBeInTheDocument();
    expect(bodiesOf(fetch, START)).toEqual([{ lessonId: 14 }]);
  });

  it('starts the lesson of the link at once', async () => {
    const fetch = recordToolServer([['POST', LESSONS, () => envelope([])]], () => visitDetail({ id: 31 }));
    const router = renderPage(14);
    expect(await screen.findByText('opened /recordTool/proceedRecord?id=31')).toBeInTheDocument();
    expect(bodiesOf(fetch, START)).toEqual([{ lessonId: 14 }]);
    // The start page is replaced: going back does not start it again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('says why a caller who visits no lessons sees none', async () => {
    const fetch = recordToolServer([
      ['POST', LESSONS, () => envelope(null, 'A0300', '听课需以管理或质检角色进行，请切换角色', 403)],
    ]);
    renderPage();
    expect(await screen.findByText('听课需以管理或质检角色进行，请切换角色')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '可听的课次' })).not.toBeInTheDocument();
    expect(bodiesOf(fetch, START)).toEqual([]);
  });
});
