import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasAnswerTask } from '@/features/lesson-task/test-helpers';
import { classDetail, classRow, pageOf } from '@/features/teaching/test-helpers';
import { wrongStudent } from '@/features/wrong-question/test-helpers';
import { taskRow } from '@/features/work-task/test-helpers';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, within } from '@/testing/test-utils';
import {
  ClassStudySituationReportRoute,
  ClassSummaryReportRoute,
  CourseVipsHistoryRoute,
  CourseVipsRoute,
  WorkTaskDetailRoute,
} from './easy-server';

afterEach(() => vi.unstubAllGlobals());

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/easyServer/classStudySituationReport', element: <ClassStudySituationReportRoute /> },
      { path: '/easyServer/classSummaryReport', element: <ClassSummaryReportRoute /> },
      { path: '/courseCenter/vips', element: <CourseVipsRoute /> },
      { path: '/courseCenter/vipsHistory', element: <CourseVipsHistoryRoute /> },
      { path: '/easyServer/workTaskDetail', element: <WorkTaskDetailRoute /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
}

function server() {
  return mockFetch([
    ['POST', '/api/teaching/class/detail', () => envelope(classDetail())],
    [
      'POST',
      '/api/teaching/classes',
      () => envelope(pageOf([classRow(88, { classType: 1, name: '王小明（一对一·数学）' })])),
    ],
    ['POST', '/api/task/class/list', () => envelope(pageOf([hasAnswerTask(31)]))],
    ['POST', '/api/wrongQuestion/task/studentSummaryInfo', () => envelope([wrongStudent(1)])],
  ]);
}

describe('易服务 class report routes', () => {
  it('班级总结报告 opens the class of ?classId= with its lesson tasks', async () => {
    const fetch = server();
    renderAt('/easyServer/classSummaryReport?classId=57');
    expect(await screen.findByRole('heading', { name: '班级总结报告 · 高一数学精品班' })).toBeInTheDocument();
    const tasks = screen.getByRole('region', { name: '课后任务' });
    expect(await within(tasks).findByRole('row', { name: '任务31' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/teaching/class/detail')).toEqual([{ id: 57 }]);
    expect(bodiesOf(fetch, '/api/task/class/list')).toEqual([{ classId: 57, pageNo: 1, pageSize: 30 }]);
  });

  it('班级学情报告 reads the tasks and the wrong questions when their tabs open', async () => {
    const fetch = server();
    renderAt('/easyServer/classStudySituationReport?classId=57');
    await userEvent.click(await screen.findByRole('tab', { name: '错题情况' }));
    expect(await screen.findByRole('row', { name: '学员1' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/wrongQuestion/task/studentSummaryInfo')).toEqual([{ classId: 57 }]);
    expect(bodiesOf(fetch, '/api/task/class/list')).toEqual([]);
    await userEvent.click(screen.getByRole('tab', { name: '课后任务' }));
    expect(await screen.findByRole('row', { name: '任务31' })).toBeInTheDocument();
  });

  it('say so when the link has no class', async () => {
    const fetch = mockFetch([]);
    renderAt('/easyServer/classSummaryReport?classId=x');
    expect(await screen.findByText('链接中缺少有效的班级编号（classId）。')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('课程中心 routes', () => {
  it('个性化课程 and 历史课程 list the one-on-one courses running and past, titled by their route', async () => {
    const fetch = server();
    renderAt('/courseCenter/vips');
    expect(await screen.findByRole('heading', { name: '个性化课程' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: '王小明（一对一·数学）' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/teaching/classes')).toEqual([
      { classType: 1, state: 'ongoing', pageNo: 1, pageSize: 30 },
    ]);
    await userEvent.click(screen.getByRole('link', { name: '历史课程' }));
    expect(await screen.findByRole('heading', { name: '历史课程' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/teaching/classes').at(-1)).toEqual({
      classType: 1,
      state: 'finished',
      pageNo: 1,
      pageSize: 30,
    });
  });
});

describe('任务详情 route', () => {
  it('opens the task of ?id=', async () => {
    const fetch = mockFetch([['POST', '/api/workTask/detail', () => envelope(taskRow(7))]]);
    renderAt('/easyServer/workTaskDetail?id=7');
    expect(await screen.findByRole('heading', { name: '首课跟进任务' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/workTask/detail')).toEqual([{ id: 7 }]);
  });

  it('says so when the link has no task', async () => {
    const fetch = mockFetch([]);
    renderAt('/easyServer/workTaskDetail');
    expect(await screen.findByText('链接中缺少有效的编号（id）。')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
