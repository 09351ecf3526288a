import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, within } from '@/testing/test-utils';
import { scheduleLesson } from '../test-helpers';
import { MySchedule } from './my-schedule';

const PATH = '/api/teaching/schedule';
const at = (d: number, h: number) => new Date(2026, 10, d, h);

beforeEach(() => {
  // Today is Tuesday 24 November 2026 (only the clock is faked, timers run).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at(24, 10));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const LESSONS = [
  scheduleLesson(1, at(24, 9)),
  scheduleLesson(2, at(24, 19), { status: 0, presentCount: 0, title: '第2讲' }),
  scheduleLesson(3, at(26, 19), {
    online: true,
    classType: 4,
    className: '初二数学直播同步班',
    status: 0,
    presentCount: 0,
  }),
  scheduleLesson(4, at(2, 10), { className: '王小明（一对一）', classType: 1 }),
];

function server() {
  return mockFetch([['POST', PATH, () => envelope(LESSONS)]]);
}

describe('我的课表', () => {
  it('shows this week, Monday to Sunday, with today marked and each lesson in its day', async () => {
    const fetch = server();
    render(<MySchedule />, { route: '/easyServer/mySchedule/myScheduleList' });
    const week = await screen.findByRole('list', { name: '周视图' });
    expect(bodiesOf(fetch, PATH)).toEqual([{ from: '2026-11-23', to: '2026-11-29' }]);
    expect(screen.getByLabelText('日期范围')).toHaveTextContent('2026-11-23 至 2026-11-29');
    const days = within(week).getAllByRole('listitem');
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual([
      '周一 2026-11-23',
      '周二 2026-11-24',
      '周三 2026-11-25',
      '周四 2026-11-26',
      '周五 2026-11-27',
      '周六 2026-11-28',
      '周日 2026-11-29',
    ]);
    const today = within(week).getByRole('listitem', { name: '周二 2026-11-24' });
    expect(today).toHaveAttribute('data-today', 'true');
    expect(today).toHaveTextContent('今天');
    const held = within(today).getByRole('link', { name: '09:00–11:00 高一数学精品班 第1讲' });
    expect(held).toHaveAttribute('href', '/easyServer/scheduleDetail/1');
    expect(held).toHaveTextContent('已上课');
    expect(held).toHaveTextContent('到课 8/11');
    expect(within(today).getByRole('link', { name: /第2讲$/ })).toHaveTextContent('待上课');
    const online = within(week).getByRole('link', { name: '19:00–21:00 初二数学直播同步班 第3讲' });
    expect(online).toHaveAttribute('href', '/easyServer/mySchedule/onlineScheduleDetail/3');
    expect(online).toHaveTextContent('直播');
    expect(screen.getByText('共 4 节课')).toBeInTheDocument();
  });

  it('moves by weeks and back to today', async () => {
    const fetch = server();
    render(<MySchedule />, { route: '/easyServer/mySchedule/myScheduleList' });
    await screen.findByRole('list', { name: '周视图' });
    await userEvent.click(screen.getByRole('button', { name: '下一周' }));
    expect(await screen.findByText('2026-11-30 至 2026-12-06')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '上一周' }));
    await userEvent.click(screen.getByRole('button', { name: '上一周' }));
    expect(await screen.findByText('2026-11-16 至 2026-11-22')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '今天' }));
    expect(await screen.findByText('2026-11-23 至 2026-11-29')).toBeInTheDocument();
    expect(new Set(bodiesOf(fetch, PATH).map((b) => b.from))).toEqual(
      new Set(['2026-11-23', '2026-11-30', '2026-11-16']),
    );
  });

  it('shows the month as a grid of weeks, and a day with many lessons opens its week', async () => {
    const many = Array.from({ length: 5 }, (_, i) => scheduleLesson(10 + i, at(2, 8 + i)));
    const fetch = mockFetch([['POST', PATH, () => envelope([...LESSONS, ...many])]]);
    render(<MySchedule />, { route: '/easyServer/mySchedule/myScheduleList?view=month' });
    const month = await screen.findByRole('list', { name: '月视图' });
    expect(bodiesOf(fetch, PATH)).toEqual([{ from: '2026-10-26', to: '2026-12-06' }]);
    expect(within(month).getAllByRole('listitem')).toHaveLength(42);
    expect(within(month).getByRole('listitem', { name: '2026-11-24' })).toHaveAttribute('data-today', 'true');
    const busy = within(month).getByRole('listitem', { name: '2026-11-02' });
    expect(within(busy).getAllByRole('link')).toHaveLength(3);
    await userEvent.click(within(busy).getByRole('button', { name: '2026-11-02 还有 3 节' }));
    expect(await screen.findByRole('list', { name: '周视图' })).toBeInTheDocument();
    expect(screen.getByText('2026-11-02 至 2026-11-08')).toBeInTheDocument();
  });

  it('lists a month, and filters by class type', async () => {
    const fetch = server();
    render(<MySchedule />, { route: '/easyServer/mySchedule/myScheduleList?view=list' });
    const table = await screen.findByRole('table', { name: '课表列表' });
    expect(bodiesOf(fetch, PATH)).toEqual([{ from: '2026-11-01', to: '2026-11-30' }]);
    expect(await within(table).findAllByRole('row', { name: /高一数学精品班|直播|王小明/ })).toHaveLength(4);
    await userEvent.click(screen.getByRole('radio', { name: '直播课' }));
    expect(await screen.findByText('共 1 节课')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('row', { name: /第\d讲$/ })
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['初二数学直播同步班 第3讲']);
  });
});
