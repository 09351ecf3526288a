import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineClassLessonRow } from '@/features/datacentre/test-helpers';
import { hasAnswerTask } from '@/features/lesson-task/test-helpers';
import {
  DETAIL as LIVE_DETAIL,
  LESSON_ID,
  liveDetail,
  liveServer,
  RECORDING_SET,
} from '@/features/live-lesson/test-helpers';
import { classDetail, classRow, pageOf } from '@/features/teaching/test-helpers';
import { wrongStudent } from '@/features/wrong-question/test-helpers';
import { taskRow } from '@/features/work-task/test-helpers';
import { bodiesOf, cleanup, envelope, mockFetch, render, screen, userEvent, within } from '@/testing/test-utils';
import type { ResourceItem } from '@/generated/ResourceItem';
import {
  ClassStudySituationReportRoute,
  ClassSummaryReportRoute,
  CourseVipsHistoryRoute,
  CourseVipsRoute,
  OnlineMyClassesDetailRoute,
  OnlineScheduleDetailRoute,
  PatrolSitePageRoute,
  PlaybackPageRoute,
  WatchLessonPageRoute,
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
      { path: '/easyServer/mySchedule/onlineScheduleDetail/:id', element: <OnlineScheduleDetailRoute /> },
      { path: '/easyServer/myClasses/onlineMyClassesDetail/:id', element: <OnlineMyClassesDetailRoute /> },
      { path: '/easyServer/watchLessonPage/:id', element: <WatchLessonPageRoute /> },
      { path: '/easyServer/patrolSitePage/:id', element: <PatrolSitePageRoute /> },
      { path: '/easyServer/playbackPage/:id', element: <PlaybackPageRoute /> },
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

const resource = (id: number, name: string, cls: string): ResourceItem => ({
  id,
  name,
  ext: '',
  class: cls,
  size: 1024,
  createTime: new Date(2026, 2, 2).getTime(),
});

describe('online lessons: their live pages (看课, 巡课, 回放)', () => {
  it('线上课表详情 leads to the lesson’s 看课, 巡课 and 回放', async () => {
    mockFetch([['POST', '/api/online/lesson/42/students', () => envelope([])]]);
    renderAt('/easyServer/mySchedule/onlineScheduleDetail/42');
    expect(await screen.findByRole('link', { name: '看课' })).toHaveAttribute('href', '/easyServer/watchLessonPage/42');
    expect(screen.getByRole('link', { name: '巡课' })).toHaveAttribute('href', '/easyServer/patrolSitePage/42');
    expect(screen.getByRole('link', { name: '回放' })).toHaveAttribute('href', '/easyServer/playbackPage/42');
  });

  it('线上班级详情 gives each lesson its 看课, 巡课 and 回放', async () => {
    mockFetch([
      ['POST', '/api/online/class/7/lessons', () => envelope([onlineClassLessonRow(1), onlineClassLessonRow(2)])],
    ]);
    renderAt('/easyServer/myClasses/onlineMyClassesDetail/7');
    const row = await screen.findByRole('row', { name: '第2讲' });
    expect(within(row).getByRole('link', { name: '看课 第2讲' })).toHaveAttribute(
      'href',
      '/easyServer/watchLessonPage/102',
    );
    expect(within(row).getByRole('link', { name: '巡课 第2讲' })).toHaveAttribute(
      'href',
      '/easyServer/patrolSitePage/102',
    );
    expect(within(row).getByRole('link', { name: '回放 第2讲' })).toHaveAttribute(
      'href',
      '/easyServer/playbackPage/102',
    );
    expect(screen.getByRole('link', { name: '看课 第1讲' })).toHaveAttribute('href', '/easyServer/watchLessonPage/101');
  });

  it('看课 and 巡课 open the lesson of the link, and say so for a link naming none', async () => {
    const fetch = liveServer();
    renderAt(`/easyServer/watchLessonPage/${LESSON_ID}`);
    expect(await screen.findByRole('heading', { name: '第3讲 分数的认识' })).toBeInTheDocument();
    expect(bodiesOf(fetch, LIVE_DETAIL)).toEqual([{ lessonId: LESSON_ID }]);
    cleanup();
    renderAt(`/easyServer/patrolSitePage/${LESSON_ID}`);
    expect(await screen.findByText('仅质检人员可记录巡课')).toBeInTheDocument();
    cleanup();
    renderAt('/easyServer/patrolSitePage/abc');
    expect(await screen.findByText('链接中缺少有效的编号（id）。')).toBeInTheDocument();
  });

  it('回放 lets the teacher pick one of their own videos or audios as the recording', async () => {
    const fetch = liveServer(
      () => liveDetail({ canReport: true }),
      [
        [
          'POST',
          '/api/resource/list',
          () =>
            envelope({
              records: [
                resource(901, '第3讲录像', 'video'),
                resource(902, '课文朗读', 'audio'),
                resource(903, '讲义', 'document'),
              ],
              total: 3,
              pageNo: 1,
              pageSize: 1000,
            }),
        ],
        [
          'POST',
          RECORDING_SET,
          () => envelope(liveDetail({ canReport: true, recording: { resourceId: 902, fileName: '课文朗读' } })),
        ],
      ],
    );
    renderAt(`/easyServer/playbackPage/${LESSON_ID}`);
    const setter = await screen.findByRole('region', { name: '设置回放' });
    await userEvent.click(within(setter).getByRole('textbox', { name: '选择音视频' }));
    expect(await screen.findByRole('option', { name: '第3讲录像（视频）' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /讲义/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: '课文朗读（音频）' }));
    await userEvent.click(within(setter).getByRole('button', { name: '设为回放' }));
    expect(await within(setter).findByText('当前回放：课文朗读')).toBeInTheDocument();
    expect(bodiesOf(fetch, RECORDING_SET)).toEqual([{ lessonId: LESSON_ID, resourceId: 902 }]);
    expect(bodiesOf(fetch, '/api/resource/list')).toEqual([{ pageNo: 1, pageSize: 1000 }]);
  });
});
