import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { exemptPages, routesByName } from '@/config/paths';
import { liveDetail } from '@/features/live-lesson/test-helpers';
import { draftPlan, planOf, planPackage, reportOf } from '@/features/class-plan/test-helpers';
import { SHEET, visitRow } from '@/features/record-tool/test-helpers';
import { lessonDetail, studentDetail } from '@/features/teaching/test-helpers';
import { stageReport, studentAnalysis } from '@/features/analysis/test-helpers';
import { settings as reminderSettings, WHITELIST } from '@/features/online-reminder/test-helpers';
import { paperDetail } from '@/features/paper/components/test-helpers';
import type { FeedbackDetail } from '@/generated/FeedbackDetail';
import type { PaperDetail } from '@/generated/PaperDetail';
import { setSessionExpiredHandler, resetSessionExpired, SESSION_EXPIRED_TEXT } from '@/lib/api-client';
import { realtime } from '@/lib/realtime';
import { notifications } from '@mantine/notifications';
import type { MenuItem } from '@/generated/MenuItem';
import { allGroupsMenu, seededTeacherMenu, userInfo } from '@/testing/fixtures';
import {
  act,
  cleanup,
  envelope,
  jsonBody,
  mockFetch,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { builtPages, routeNameOf, routes } from './router';
import { resetBootstrap } from './session-bootstrap';
import { FakeSocket } from '@/testing/fake-socket';

function detailOf(patch: Partial<FeedbackDetail> & { status?: number } = {}): FeedbackDetail {
  const { status = 0, ...rest } = patch;
  return {
    report: {
      reportId: 7,
      lessonId: 3,
      lessonTitle: '二次函数复习',
      lessonStartTime: Date.UTC(2026, 10, 20, 6),
      className: '高一数学一对一',
      studentId: 11,
      studentName: '小明',
      studentCode: 'S0011',
      status,
      expireTime: Date.UTC(2026, 11, 20),
      syncCount: 0,
      updateTime: Date.UTC(2026, 10, 20, 8),
    },
    sections: {},
    formulas: [],
    pictures: [],
    resources: [],
    canEdit: false,
    ...rest,
  };
}

/** Adds the report detail call to a mocked server (before its A0404 fallback). */
function addReportDetail(fetch: ReturnType<typeof mockFetch>, detail: FeedbackDetail) {
  const fallback = fetch.getMockImplementation();
  fetch.mockImplementation(async (input: string, init?: RequestInit) => {
    if (input.startsWith('/api/report/feedback/v2/detail')) return envelope(detail);
    return fallback!(input, init);
  });
}

/** Adds paper/detail to a mocked server (before its A0404 fallback). */
function addPaperDetail(fetch: ReturnType<typeof mockFetch>, detail: PaperDetail) {
  const fallback = fetch.getMockImplementation();
  fetch.mockImplementation(async (input: string, init?: RequestInit) => {
    if (input === '/api/paper/detail') return envelope(detail);
    return fallback!(input, init);
  });
}

/** Adds the online-lesson reminders' settings and whitelists to a mocked server. */
function addReminderCalls(fetch: ReturnType<typeof mockFetch>) {
  const fallback = fetch.getMockImplementation();
  fetch.mockImplementation(async (input: string, init?: RequestInit) => {
    if (input === '/api/onlineReminder/settings') return envelope(reminderSettings());
    if (input === '/api/onlineReminder/whitelist/list') return envelope(WHITELIST);
    return fallback!(input, init);
  });
}

/** Adds online lesson 42 as it happens (its detail, watch and patrols) to a mocked server. */
function addLiveLessonCalls(fetch: ReturnType<typeof mockFetch>) {
  const fallback = fetch.getMockImplementation();
  fetch.mockImplementation(async (input: string, init?: RequestInit) => {
    if (input === '/api/liveLesson/detail') return envelope(liveDetail());
    if (input === '/api/liveLesson/watch') return envelope({ until: Date.now() + 600_000 });
    if (input === '/api/liveLesson/patrol/list') return envelope([]);
    return fallback!(input, init);
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function serverFor(user = userInfo(), menu: MenuItem[] = allGroupsMenu) {
  return mockFetch([
    ['GET', '/api/pub/user/info', () => envelope(user)],
    ['GET', '/api/current/time', () => envelope({ currentFiscalYear: 2024, currentMonth: 6, currentQuarter: 1 })],
    ['GET', '/api/pub/user/menu-list', () => envelope(menu)],
    ['GET', '/api/exam/notice/personal/unread', () => envelope([])],
    [
      'GET',
      '/api/exam/notice/detail',
      (url) =>
        envelope({
          id: Number(url.searchParams.get('id')),
          title: '期中考试安排',
          content: '下周一开始期中考试。',
          type: 1,
          createTime: Date.now(),
          read: false,
          role: 'teacher',
        }),
    ],
    ['POST', '/api/pub/user/change/role', () => envelope(null)],
  ]);
}

beforeEach(() => {
  resetBootstrap();
  resetSessionExpired();
  setSessionExpiredHandler(() => {});
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
});
afterEach(() => {
  realtime.stop();
  vi.unstubAllGlobals();
});

describe('router', () => {
  it('redirects / to /main/home and unknown paths to /404', async () => {
    serverFor();
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/home'));
    await router.navigate('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
  });

  it('sends a visitor without a session to /login', async () => {
    mockFetch([['GET', '/api/pub/user/info', () => envelope(null, 'A0201', '登录过期，请重新登录', 401)]]);
    const toasts = vi.spyOn(notifications, 'show');
    const router = renderAt('/main/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fmain%2Fhome');
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    // A first visit is no expired session: the login page, quietly.
    expect(toasts).not.toHaveBeenCalled();
    toasts.mockRestore();
  });

  it('says 登录过期 when the session of a user stored here is refused', async () => {
    localStorage.setItem('user', JSON.stringify({ email: 'teacher@demo.eduhub', roleType: 'teacher' }));
    mockFetch([['GET', '/api/pub/user/info', () => envelope(null, 'A0201', '登录过期，请重新登录', 401)]]);
    const toasts = vi.spyOn(notifications, 'show');
    const router = renderAt('/main/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ message: SESSION_EXPIRED_TEXT }));
    toasts.mockRestore();
  });

  it('opens the administration by address to a super user whose menu lacks it, to nobody else', async () => {
    serverFor(userInfo(), seededTeacherMenu);
    const router = renderAt('/administration/accounts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/noAuth'));
    cleanup();
    resetBootstrap();
    serverFor(userInfo({ superuser: true }), seededTeacherMenu);
    const asSuperUser = renderAt('/administration/accounts');
    expect(await screen.findByRole('heading', { name: '账号管理' })).toBeInTheDocument();
    expect(asSuperUser.state.location.pathname).toBe('/administration/accounts');
  });

  it('sends a page outside the menu to /noAuth, on the first page and on later ones (01 §6)', async () => {
    serverFor(userInfo(), seededTeacherMenu);
    const router = renderAt('/dataCenter/dataBoard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/noAuth'));
    expect(await screen.findByText('暂无权限')).toBeInTheDocument();
    await router.navigate('/main/home');
    await screen.findByText('王老师，欢迎回来');
    await router.navigate('/qualityCheckManagement/serveQC');
    await waitFor(() => expect(router.state.location.pathname).toBe('/noAuth'));
  });

  it('opens the pages reached from a menu entry, and pages in no menu', async () => {
    serverFor(userInfo(), seededTeacherMenu);
    const router = renderAt('/easyServer/workTaskDetail');
    // 任务详情 opens (with the section's group); without ?id= it says the link lacks one.
    expect(await screen.findByText('链接中缺少有效的编号（id）。', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/easyServer/workTaskDetail');
    await router.navigate('/downloadCenter');
    expect(await screen.findByRole('heading', { name: '下载中心' })).toBeInTheDocument();
  });

  it('titles the tab and the page as the menu names the route', async () => {
    serverFor(userInfo(), seededTeacherMenu);
    renderAt('/easyCorrect/teacherCorrect');
    expect(await screen.findByRole('tab', { name: /老师批改/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '老师批改' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('教师批改')).not.toBeInTheDocument();
  });

  it('forwards without router warnings (an element on every leaf, no loader needing a fallback)', async () => {
    serverFor();
    const warn = vi.spyOn(console, 'warn');
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/home'));
    await router.navigate('/easyServer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/easyServer/myStudent/studentList'));
    await router.navigate('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    cleanup();
    renderAt('/dataCenter');
    await screen.findByRole('heading', { name: '数据看板' }, { timeout: 10_000 });
    const routerWarnings = warn.mock.calls.filter(([m]) => /HydrateFallback|does not have an element/.test(String(m)));
    expect(routerWarnings).toEqual([]);
    warn.mockRestore();
  });

  it('loads user info, then server time, then the menu, and opens the real-time connection', async () => {
    const fetch = serverFor();
    renderAt('/main/home');
    expect(await screen.findByText('王老师，欢迎回来')).toBeInTheDocument();
    const order = fetch.mock.calls.map(([u]) => u.split('?')[0]);
    expect(order.indexOf('/api/pub/user/info')).toBeLessThan(order.indexOf('/api/current/time'));
    expect(screen.getByRole('link', { name: '知识库' })).toBeInTheDocument();
    expect(FakeSocket.last().url).toMatch(/\/socket\/im\/magic\/teacher%40demo\.eduhub$/);
  });

  it('needs no login on exempt routes', async () => {
    const fetch = mockFetch([]);
    renderAt('/knowledgeSectionPrint');
    expect(await screen.findByText('功能建设中')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows later pages as not yet available', async () => {
    serverFor();
    renderAt('/catalogGeneration');
    expect(await screen.findByText('该页面尚未开放，敬请期待。')).toBeInTheDocument();
  });

  it('opens 学员动态跟进, and 学员动态管理 with the school selector beside its title', async () => {
    const fetch = serverFor();
    const fallback = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input: string, init?: RequestInit) => {
      if (input === '/api/studentDynamic/list') return envelope({ records: [], total: 0, pageNo: 1, pageSize: 30 });
      if (input === '/api/studentDynamic/statistics') return envelope([]);
      return fallback(input, init);
    });
    const router = renderAt('/easyServer/studentDynamicFollowup');
    expect(await screen.findByRole('heading', { name: '学员动态跟进' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: '学员动态' })).toBeInTheDocument();
    await router.navigate('/qualityCheckManagement/studentDynamicManage');
    expect(await screen.findByRole('heading', { name: '学员动态管理' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: '学员动态统计' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '校区：海淀校区' })).toBeInTheDocument();
    expect(routeNameOf('/qualityCheckManagement/studentDynamicManage')).toBe('StudentDynamicManage');
  });

  it("opens 学情分析 from a student's page, and the report pages", async () => {
    const fetch = serverFor();
    const fallback = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input: string, init?: RequestInit) => {
      if (input === '/api/teaching/student/detail') return envelope(studentDetail(11, []));
      if (input === '/api/analysis/student') return envelope(studentAnalysis());
      if (input === '/api/analysis/report/list') return envelope([]);
      if (input === '/api/analysis/report/detail') return envelope(stageReport({ summary: '进步明显' }));
      return fallback(input, init);
    });
    const router = renderAt('/easyServer/myStudent/studentDetail/11');
    const link = await screen.findByRole('link', { name: '学情分析' }, { timeout: 10_000 });
    expect(link).toHaveAttribute('href', '/easyServer/analysisModule?studentId=11');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: '学情分析' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '小明' })).toBeInTheDocument();
    expect(routeNameOf('/easyServer/analysisModule')).toBe('analysisModule');
    for (const [path, title] of [
      ['/easyServer/reportingPreview?reportId=5', '报告预览'],
      ['/easyServer/stageReportPreview?reportId=5', '阶段报告预览'],
    ] as const) {
      await router.navigate(path);
      expect(await screen.findByRole('heading', { name: title }, { timeout: 10_000 })).toBeInTheDocument();
    }
    await router.navigate('/easyServer/reportingEdit');
    expect(await screen.findByText('链接中缺少有效的报告编号（reportId）。')).toBeInTheDocument();
    await router.navigate('/easyServer/fullVolumeAnalysis?taskId=3');
    expect(await screen.findByText('链接中缺少有效的作业或学生编号（taskId、studentId）。')).toBeInTheDocument();
    expect(routeNameOf('/easyServer/stageReportPreview')).toBe('StageReportPreview');
  });

  it("opens 一对一课程计划 from a package on a student's page, the packages, and 规划报告", async () => {
    const fetch = serverFor();
    const fallback = fetch.getMockImplementation()!;
    const detail = studentDetail(11, []);
    detail.packages = [
      {
        id: 23,
        code: 'KB10010001722',
        name: '数学一对一60课时包',
        subjectName: '数学',
        teacherName: '张老师',
        buyCount: 60,
        giftCount: 2,
        usedCount: 3,
        remainingCount: 59,
        boughtTime: Date.UTC(2026, 8, 1),
      },
    ];
    fetch.mockImplementation(async (input: string, init?: RequestInit) => {
      if (input === '/api/teaching/student/detail') return envelope(detail);
      if (input === '/api/classPlan/detail') return envelope(planOf(draftPlan()));
      if (input === '/api/classPlan/packages') return envelope([planPackage()]);
      if (input === '/api/classPlan/report') return envelope(reportOf(planOf(draftPlan())));
      if (input === '/api/teaching/plan/knw/tree') return envelope([]);
      return fallback(input, init);
    });
    const router = renderAt('/easyServer/myStudent/studentDetail/11');
    await userEvent.click(await screen.findByRole('tab', { name: '一对一课时包' }, { timeout: 10_000 }));
    const link = await screen.findByRole('link', { name: '课程计划 数学一对一60课时包' });
    expect(link).toHaveAttribute('href', '/easyServer/OneOnOneClassPlan?packageId=23');
    await userEvent.click(link);
    expect(
      await screen.findByRole('heading', { name: '高刚平 · 数学一对一6课时包' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(routeNameOf('/easyServer/OneOnOneClassPlan')).toBe('OneOnOneClassPlan');

    await router.navigate('/easyServer/OneOnOneClassPlan');
    expect(await screen.findByRole('heading', { name: '一对一课程计划' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: '高刚平 KB10010001722' })).toBeInTheDocument();
    await router.navigate('/easyServer/planReport?packageId=23');
    expect(await screen.findByRole('heading', { name: '规划报告' }, { timeout: 10_000 })).toBeInTheDocument();
    await router.navigate('/easyServer/planReport');
    expect(await screen.findByText('链接中缺少有效的课时包编号（packageId）。')).toBeInTheDocument();
    expect(routeNameOf('/easyServer/planReport')).toBe('planReport');
  });

  it('opens the 听课记录 pages, and the visits of an offline lesson on its page', async () => {
    const fetch = serverFor();
    const fallback = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input: string, init?: RequestInit) => {
      if (input === '/api/recordTool/lessons') return envelope([]);
      if (input === '/api/recordTool/visits')
        return envelope({ records: [visitRow(3)], total: 1, pageNo: 1, pageSize: 20 });
      if (input === '/api/recordTool/layout') return envelope(SHEET);
      if (input === '/api/teaching/lesson/detail') return envelope(lessonDetail());
      return fallback(input, init);
    });
    const router = renderAt('/recordTool/startRecord');
    expect(await screen.findByRole('heading', { name: '开始听课' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('当天没有可听的线下课')).toBeInTheDocument();
    for (const [path, title] of [
      ['/recordTool/recordVisitManage', '听课管理'],
      ['/recordTool/testLayout', '记录表版式'],
      ['/recordTool/recordScan', '扫码听课'],
    ] as const) {
      await router.navigate(path);
      expect(await screen.findByRole('heading', { name: title }, { timeout: 10_000 })).toBeInTheDocument();
    }
    await router.navigate('/recordTool/proceedRecord');
    expect(await screen.findByText('链接中缺少有效的听课记录编号（id）。')).toBeInTheDocument();
    expect(routeNameOf('/recordTool/recordStudentList')).toBe('RecordStudentList');

    await router.navigate('/easyServer/scheduleDetail/14');
    const visits = await screen.findByRole('region', { name: '听课记录' }, { timeout: 10_000 });
    expect(within(visits).getByRole('row', { name: '李主管' })).toBeInTheDocument();
    expect(within(visits).getByRole('button', { name: '听课二维码' })).toBeInTheDocument();
  });

  it('opens the data-centre screens with the school and subject selectors in the header', async () => {
    serverFor();
    renderAt('/dataCenter/attendDetails');
    expect(await screen.findByRole('heading', { name: '出勤明细' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '班课' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '校区：海淀校区' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '学科：全部学科' })).toBeInTheDocument();
  });

  // One case per page: each opens a whole screen, and gets its own time on a busy machine.
  it.each([
    ['/dataCenter/oneLessonPrepStatustics', '一对一备课统计'],
    ['/dataCenter/classLessonPrepStatistics', '班课备课统计'],
    ['/dataCenter/oneUsageStatistics', '一对一使用统计'],
    ['/dataCenter/classUsageStatistics', '班课使用统计'],
    ['/dataCenter/groupUsageStatistics', '小组课使用统计'],
    ['/dataCenter/fullDayUsageStatistics', '全日制使用统计'],
    ['/dataCenter/systemUsageStatistics', '系统使用统计'],
    ['/dataCenter/feedbackStatistics', '反馈统计'],
    ['/dataCenter/firstWholeStatistics', '首课整体统计'],
    ['/dataCenter/teacherFirstStatistics', '教师首课统计'],
    ['/dataCenter/consultantFirstStatistics', '顾问首课统计'],
    ['/dataCenter/learnManageFirstStatistics', '学管首课统计'],
    ['/dataCenter/basicTrainingExamination', '基础训练考试'],
  ] as const)('opens %s (%s) under the data centre header', async (path, title) => {
    serverFor();
    renderAt(path);
    expect(await screen.findByRole('heading', { name: title }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '学科：全部学科' })).toBeInTheDocument();
    expect(screen.queryByText('该页面尚未开放，敬请期待。')).not.toBeInTheDocument();
  });

  it('opens the online-class statistics under the data centre header', async () => {
    serverFor();
    for (const [path, title] of [
      ['/dataCenter/onlineMainTeacherStat', '主讲老师直播课统计'],
      ['/dataCenter/onlineAuxiliaryStat', '辅导老师直播课统计'],
    ] as const) {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: title }, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '学科：全部学科' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: '统计' })).toHaveAttribute('aria-selected', 'true');
      cleanup();
    }
  });

  it('opens the service details under the data centre header, and the QC screens without it', async () => {
    serverFor();
    renderAt('/dataCenter/serveDetails');
    expect(await screen.findByRole('heading', { name: '服务明细' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '学科：全部学科' })).toBeInTheDocument();
    cleanup();
    for (const [path, title] of [
      ['/qualityCheckManagement/serveQC', '服务质检'],
      ['/qualityCheckManagement/serveConfig', '服务配置'],
      ['/qualityCheckManagement/qcConfig', '质检配置'],
      ['/qualityCheckManagement/qcCount', '质检统计'],
      ['/qualityCheckManagement/projectTeamManage', '项目组管理'],
    ] as const) {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: title }, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^学科：/ })).not.toBeInTheDocument();
      cleanup();
    }
  });

  it.each([
    ['/qualityCheckManagement/taskManage', '任务管理'],
    ['/qualityCheckManagement/commonTaskManage', '通用任务管理'],
    ['/qualityCheckManagement/workflowConfig', '流程配置'],
  ] as const)('opens %s (%s) without the header selectors', async (path, title) => {
    serverFor();
    renderAt(path);
    expect(await screen.findByRole('heading', { name: title }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('该页面尚未开放，敬请期待。')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^学科：/ })).not.toBeInTheDocument();
  });

  it("opens the exam grades under the QC header, with the data centre's school and subject selectors beside the title", async () => {
    serverFor();
    renderAt('/qualityCheckManagement/examGrades');
    expect(await screen.findByRole('heading', { name: '考试成绩' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('该页面尚未开放，敬请期待。')).not.toBeInTheDocument();
    const selectors = screen.getByRole('group', { name: '校区与学科' });
    expect(within(selectors).getByRole('button', { name: '校区：海淀校区' })).toBeInTheDocument();
    expect(within(selectors).getByRole('button', { name: '学科：全部学科' })).toBeInTheDocument();
    // The header itself has none (01 §2).
    expect(screen.getAllByRole('button', { name: /^学科：/ })).toHaveLength(1);
    expect(await screen.findByRole('table', { name: '考试成绩' })).toBeInTheDocument();
  });

  it('opens the teaching service pages (易服务): schedule, students, classes, feedback', async () => {
    const fetch = serverFor();
    const addPages = fetch.getMockImplementation()!;
    const page = { records: [], total: 0, pageNo: 1, pageSize: 30 };
    fetch.mockImplementation(async (input: string, init?: RequestInit) => {
      if (input === '/api/teaching/schedule') return envelope([]);
      if (input.startsWith('/api/teaching/')) return envelope(page);
      if (input === '/api/dict/jw/grade') return envelope([]);
      return addPages(input, init);
    });
    for (const [path, title] of [
      ['/easyServer/mySchedule/myScheduleList', '我的课表'],
      ['/easyServer/myStudent/studentList', '我的学生'],
      ['/easyServer/myClasses/myClassesList', '我的班级'],
      ['/easyServer/myFeedback', '我的反馈'],
    ] as const) {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: title }, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByText('该页面尚未开放，敬请期待。')).not.toBeInTheDocument();
      cleanup();
    }
    expect(routeNameOf('/easyServer/myFeedback')).toBe('MyFeedback');
    expect(routeNameOf('/easyServer/scheduleDetail/3')).toBe('ScheduleDetail');
  });

  it("opens 线上课设置 and a kind's 白名单配置 from its link, and says so for a link naming no kind", async () => {
    addReminderCalls(serverFor());
    const router = renderAt('/qualityCheckManagement/onlineLessonSetup');
    expect(await screen.findByRole('heading', { name: '线上课设置' }, { timeout: 10_000 })).toBeInTheDocument();
    const students = await screen.findByRole('region', { name: '学员未到课提醒' });
    await userEvent.click(within(students).getByRole('link', { name: '白名单（2 人）' }));
    expect(await screen.findByRole('heading', { name: '白名单配置：学员未到课提醒' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/qualityCheckManagement/onlineWhiteConfigPage/3');
    expect(await screen.findByRole('row', { name: '张老师 zhang@demo.eduhub' })).toBeInTheDocument();
    expect(routeNameOf('/qualityCheckManagement/onlineWhiteConfigPage/3')).toBe('OnlineWhiteConfigPage');
    await router.navigate('/qualityCheckManagement/onlineWhiteConfigPage/abc');
    expect(await screen.findByText('链接中的提醒类型无效。')).toBeInTheDocument();
  });

  it('shows a pushed online-lesson reminder on any page, with the way to the lesson', async () => {
    serverFor();
    const router = renderAt('/main/home');
    await screen.findByText('王老师，欢迎回来');
    // Toasts left by earlier cases (the store is global) would queue the reminder behind them.
    act(() => notifications.clean());
    const socket = FakeSocket.last();
    socket.open();
    socket.welcome();
    socket.push('903', 'magic_online_reminder', {
      role: '',
      id: 42,
      time: Date.now(),
      value: {
        reminderType: 2,
        reminderName: '老师未进教室提醒',
        lessonId: 42,
        className: '三年级数学A班',
        lessonNo: 3,
        lessonName: '分数的认识',
        startAt: Date.now(),
        text: '三年级数学A班 第3讲 已开课 5 分钟，主讲老师尚未进入教室',
        students: [],
      },
    });
    expect(await screen.findByText('三年级数学A班 第3讲 已开课 5 分钟，主讲老师尚未进入教室')).toBeInTheDocument();
    expect(screen.getByText('老师未进教室提醒')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: '去看课' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/easyServer/watchLessonPage/42'));
    act(() => notifications.clean());
  });

  it("opens an online lesson's 看课, 巡课 and 回放 to a teacher (with the section's group)", async () => {
    addLiveLessonCalls(serverFor(userInfo(), seededTeacherMenu));
    const router = renderAt('/easyServer/watchLessonPage/42');
    expect(await screen.findByRole('heading', { name: '第3讲 分数的认识' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '学员在教室情况' })).toBeInTheDocument();
    await router.navigate('/easyServer/patrolSitePage/42');
    expect(await screen.findByText('仅质检人员可记录巡课')).toBeInTheDocument();
    await router.navigate('/easyServer/playbackPage/42');
    expect(await screen.findByText('本节课暂无回放')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/easyServer/playbackPage/42');
    expect(routeNameOf('/easyServer/patrolSitePage/42')).toBe('PatrolSitePage');
  });

  it('shows a pushed notice in a dialog', async () => {
    serverFor();
    renderAt('/main/home');
    await screen.findByText('王老师，欢迎回来');
    const socket = FakeSocket.last();
    socket.open();
    socket.welcome();
    socket.push('901', 'backstage_001', { role: 'teacher', id: 33, type: 1, time: Date.now() });
    expect(await screen.findByRole('dialog', { name: '期中考试安排' })).toBeInTheDocument();
    expect(socket.sent).toContain(JSON.stringify({ id: '901', typeCode: '1' }));

    socket.push('902', 'backstage_003', { id: -1 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '期中考试安排' })).not.toBeInTheDocument());
  });

  it('switches to the role a source needs, strips the source and redoes the navigation', async () => {
    const user = userInfo({
      roleList: [
        { code: 'teacher', name: '教师', current: true, icon: '' },
        { code: 'consultant', name: '顾问', current: false, icon: '' },
      ],
    });
    const fetch = serverFor(user);
    const router = renderAt('/main/home?source=scrm&x=1');
    await waitFor(() => expect(router.state.location.search).toBe('?x=1'));
    expect(fetch.mock.calls.some(([u]) => u === '/api/pub/user/change/role?role=consultant')).toBe(true);
  });

  it('refuses a gaoduan page without the role', async () => {
    serverFor();
    const router = renderAt('/firstTaskDetail?source=gaoduan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/noAuth'));
    expect(await screen.findByText('错误码：A0300')).toBeInTheDocument();
  });

  it('names routes', () => {
    expect(routeNameOf('/qualityCheckManagement/taskManage')).toBe('TaskManage');
    expect(routeNameOf('/main/home')).toBe('Home');
    expect(routeNameOf('/easyServer/feedbackEdit')).toBe('feedbackEdit');
    expect(routeNameOf('/knowledgeSectionEdit')).toBe('KnowledgeSectionEdit');
  });

  it('builds only pages that have a route', () => {
    for (const name of Object.keys(builtPages)) {
      expect(routesByName.has(name) || exemptPages.some((r) => r.name === name), name).toBe(true);
    }
  });

  it('opens the feedback report editor on feedback/{id} with every section and the report context', async () => {
    const fetch = serverFor();
    addReportDetail(fetch, detailOf({ canEdit: true }));
    renderAt('/easyServer/feedbackEdit?id=7');
    const summary = await screen.findByRole('textbox', { name: '课程总结' }, { timeout: 10_000 });
    for (const title of [
      '课堂表现',
      '老师寄语',
      '课后作业',
      '下节预习',
      '上次复习待办',
      '上次待办',
      '知识点',
      'AI老师点评',
    ]) {
      expect(screen.getByRole('textbox', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('status', { name: /^文档状态：/ })).toBeInTheDocument();
    expect(FakeSocket.all.some((s) => s.url === 'ws://localhost:3000/collab/feedback/7')).toBe(true);
    expect(await screen.findByText('学生：小明')).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveAttribute('contenteditable', 'true'));
    const call = fetch.mock.calls.find(([u]) => u === '/api/report/feedback/v2/detail');
    expect(jsonBody(call?.[1])).toEqual({ reportId: 7 });
  });

  it('keeps the editor read-only when the server says the caller may not edit', async () => {
    const fetch = serverFor();
    addReportDetail(fetch, detailOf({ canEdit: false, status: 2 }));
    renderAt('/easyServer/feedbackEdit?id=7');
    expect(await screen.findByText('已提交，只读')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '课程总结' })).toHaveAttribute('contenteditable', 'false');
    expect(screen.queryByRole('button', { name: '加粗' })).not.toBeInTheDocument();
  });

  it('says so when the report id is missing', async () => {
    serverFor();
    renderAt('/easyServer/feedbackEdit');
    expect(await screen.findByText('链接中缺少有效的报告编号（id）。')).toBeInTheDocument();
  });

  it('opens the handout editor on handout/{paperId} with the title and rights from paper/detail', async () => {
    const fetch = serverFor();
    addPaperDetail(fetch, paperDetail({ paperId: 3, paperTitle: '函数与导数讲义', canEdit: true }));
    renderAt('/knowledgeSectionEdit?paperId=3&ver=0');
    const title = await screen.findByRole('textbox', { name: '讲义标题' }, { timeout: 10_000 });
    expect(FakeSocket.all.some((s) => s.url === 'ws://localhost:3000/collab/handout/3')).toBe(true);
    expect(await screen.findByRole('heading', { name: '函数与导数讲义' })).toBeInTheDocument();
    await waitFor(() => expect(title).toHaveAttribute('contenteditable', 'true'));
    expect(screen.getByRole('button', { name: '讲义设置' })).toBeInTheDocument();
    // The paper's layout styles the editing area.
    expect(title.closest('.mantine-RichTextEditor-Typography')).toHaveStyle({ fontSize: '14px', lineHeight: '1.5' });
    const call = fetch.mock.calls.find(([u]) => u === '/api/paper/detail');
    expect(jsonBody(call?.[1])).toEqual({ paperId: 3, ver: 0 });
  });

  it('keeps the handout read-only for a reader', async () => {
    const fetch = serverFor();
    addPaperDetail(fetch, paperDetail({ paperId: 3, canEdit: false, isOwner: false }));
    renderAt('/knowledgeSectionEdit?paperId=3&ver=0');
    expect(await screen.findByText('只读', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '课后作业' })).toHaveAttribute('contenteditable', 'false');
    expect(screen.queryByRole('button', { name: '加粗' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '讲义设置' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重命名' })).not.toBeInTheDocument();
  });

  it('says so when the paper cannot be read', async () => {
    serverFor();
    renderAt('/knowledgeSectionEdit?paperId=404&ver=0');
    expect(await screen.findByText('无法打开讲义', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('builds the lecture library as the lecture assembly page', async () => {
    serverFor();
    renderAt('/easyLessonPreparation/lectureLibrary');
    expect(await screen.findByRole('heading', { name: '讲义库' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '组装讲义' })).toBeDisabled();
    expect(screen.queryByText('功能建设中')).not.toBeInTheDocument();
  });

  it('shows the signed PC preview without login', async () => {
    const fetch = mockFetch([
      [
        'GET',
        '/api/report/feedback/v2/detail/preview',
        (url) =>
          url.searchParams.get('token') === 'signed'
            ? envelope(detailOf({ sections: { courseSummary: '第一段\n第二段' } }))
            : envelope(null, 'A0300', '无权限', 403),
      ],
    ]);
    renderAt('/feedbackPreviewPc?token=signed');
    expect(await screen.findByText('第二段', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('第一段')).toBeInTheDocument();
    expect(screen.getAllByText('暂无内容')).toHaveLength(8);
    expect(fetch.mock.calls.map(([u]) => u.split('?')[0])).toEqual(['/api/report/feedback/v2/detail/preview']);
  });

  it('says so when the preview token is missing or refused', async () => {
    mockFetch([['GET', '/api/report/feedback/v2/detail/preview', () => envelope(null, 'A0300', '无权限', 403)]]);
    renderAt('/feedbackPreviewPc?token=forged');
    expect(
      await screen.findByText('预览链接无效或已过期，请向老师索取新的链接。', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
