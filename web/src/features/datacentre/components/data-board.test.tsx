import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassOverview } from '@/generated/ClassOverview';
import type { VipOverview } from '@/generated/VipOverview';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { defaultDcSearch, toWire } from '../dc-search';
import { resetDcSearch } from '../dc-search-store';
import { dcServer, pageOf, searchOf, vipStudentRow } from '../test-helpers';
import { DataBoard } from './data-board';

const warn = console.warn.bind(console);
beforeEach(() => {
  resetDcSearch();
  // the test DOM lays nothing out, so recharts says of every chart that it is 0×0.
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('The width(0) and height(0) of chart')) warn(...args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const classOverview: ClassOverview = {
  classCount: 12,
  studentCount: 1234,
  lessonCount: 48,
  expectedCount: 400,
  attendedCount: 380,
  attendanceRate: 0.95,
  leaveCount: 7,
  newStudentCount: 15,
  refundCount: 2,
  refundAmount: 4500,
};

const vipOverview: VipOverview = {
  studentCount: 30,
  teacherCount: 6,
  lessonCount: 0,
  consumedLessonCount: 0,
  consumedDuration: 5400,
  attendanceRate: -1,
  packageCount: 3,
  purchasedLessonCount: 60,
  refundCount: 0,
  refundAmount: 0,
};

function server() {
  return dcServer([
    ['POST', '/api/databoard/class/overview', () => envelope(classOverview)],
    ['POST', '/api/databoard/vip/overview', () => envelope(vipOverview)],
    [
      'POST',
      '/api/databoard/vip/students-stat',
      () => envelope({ total: 10, active: 6, lowBalance: 2, dormant: 1, finished: 1 }),
    ],
    [
      'POST',
      '/api/databoard/vip/stay-rates',
      () =>
        envelope([
          { month: '2026-01', baseCount: 10, stayCount: 8, stayRate: 0.8 },
          { month: '2026-02', baseCount: 0, stayCount: 0, stayRate: -1 },
        ]),
    ],
    [
      'POST',
      '/api/databoard/vip/course/trend',
      () =>
        envelope([
          { period: '2026-02-23', lessonCount: 5, attendedCount: 4, studentCount: 3, attendanceRate: 0.8 },
          { period: '2026-03-02', lessonCount: 6, attendedCount: 6, studentCount: 4, attendanceRate: 1 },
        ]),
    ],
    ['POST', '/api/databoard/vip/students', pageOf([vipStudentRow(1), vipStudentRow(2, { lastLessonTime: 0 })])],
  ]);
}

const bodies = (fetch: ReturnType<typeof server>, path: string) =>
  fetch.mock.calls.filter(([u]) => u === path).map(([, init]) => searchOf(init));

const figure = (section: string, label: string) =>
  within(screen.getByRole('region', { name: section })).getByRole('group', { name: label });

describe('DataBoard', () => {
  it('shows both overviews formatted, the students by state and the students table', async () => {
    const fetch = server();
    render(<DataBoard exportReport={vi.fn()} />);
    await waitFor(() => expect(figure('班课概览', '学员数')).toHaveTextContent('1,234'));
    expect(figure('班课概览', '出勤率')).toHaveTextContent('95.00%');
    expect(figure('班课概览', '退费金额(元)')).toHaveTextContent('4,500.00');
    await waitFor(() => expect(figure('一对一概览', '出勤率')).toHaveTextContent('/'));
    expect(figure('一对一概览', '上课时长')).toHaveTextContent('01:30:00');
    expect(figure('一对一概览', '课次')).toHaveTextContent('0');

    const states = await screen.findByRole('list', { name: '学员状态' });
    expect(
      within(states)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['在读 6', '课时不足 2', '沉睡 1', '已结课 1']);

    const students = await screen.findByRole('table', { name: '一对一学员' });
    expect(await within(students).findByRole('row', { name: '一对一学员2' })).toHaveTextContent('-');
    const expected = toWire({ ...defaultDcSearch(new Date()) });
    expect(bodies(fetch, '/api/databoard/class/overview')[0]).toEqual(expected);
    expect(bodies(fetch, '/api/databoard/vip/students')[0]).toEqual({ ...expected, pageNo: 1, pageSize: 30 });
  });

  it('reads the trend again by day or month and nothing else', async () => {
    const fetch = server();
    render(<DataBoard exportReport={vi.fn()} />);
    await waitFor(() => expect(bodies(fetch, '/api/databoard/vip/course/trend')).toHaveLength(1));
    expect(bodies(fetch, '/api/databoard/vip/course/trend')[0]).toMatchObject({ dataTimeType: 'week' });
    await userEvent.click(await screen.findByRole('radio', { name: '日' }));
    await waitFor(() =>
      expect(bodies(fetch, '/api/databoard/vip/course/trend').at(-1)).toMatchObject({ dataTimeType: 'day' }),
    );
    await userEvent.click(screen.getByRole('radio', { name: '月' }));
    await waitFor(() =>
      expect(bodies(fetch, '/api/databoard/vip/course/trend').at(-1)).toMatchObject({ dataTimeType: 'month' }),
    );
    for (const path of [
      '/api/databoard/class/overview',
      '/api/databoard/vip/overview',
      '/api/databoard/vip/students',
      '/api/databoard/vip/stay-rates',
      '/api/databoard/vip/students-stat',
    ]) {
      expect(bodies(fetch, path), path).toHaveLength(1);
    }
  });

  it('says so when a chart has nothing to draw', async () => {
    dcServer([
      ['POST', '/api/databoard/vip/course/trend', () => envelope([])],
      ['POST', '/api/databoard/vip/stay-rates', () => envelope([])],
      [
        'POST',
        '/api/databoard/vip/students-stat',
        () => envelope({ total: 0, active: 0, lowBalance: 0, dormant: 0, finished: 0 }),
      ],
      ['POST', '/api/databoard/vip/students', pageOf([])],
      ['POST', '/api/databoard', () => envelope(classOverview)],
    ]);
    render(<DataBoard exportReport={vi.fn()} />);
    for (const name of ['一对一课程趋势', '一对一留存率', '一对一学员状态']) {
      expect(await within(screen.getByRole('region', { name })).findByText('暂无数据')).toBeInTheDocument();
    }
  });
});
