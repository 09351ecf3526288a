import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnlineStatRow } from '@/generated/OnlineStatRow';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import type { OnlineLevel } from '../columns/online-columns';
import { defaultDcSearch, toWire } from '../dc-search';
import { resetDcSearch } from '../dc-search-store';
import { ONLINE_AUXILIARY, ONLINE_MAIN } from '../online-reports';
import {
  dcServer,
  onlineClassLessonRow,
  onlineClassRow,
  onlineLessonStudentRow,
  onlineQuitRow,
  onlineReplayPointRow,
  onlineStatRow,
  onlineStudentLessonRow,
  pageOf,
  searchOf,
} from '../test-helpers';
import { OnlineStatistics } from './online-statistics';

beforeEach(() => resetDcSearch());
afterEach(() => vi.unstubAllGlobals());

const MAIN_STAT = '/api/online/main/statistics';
const AUX_STAT = '/api/online/auxiliary/statistics';
const CLASS = '/api/online/class/11';
const LESSON = '/api/online/lesson/101';

const CLASS_11 = { classId: 11, classCode: 'C001', className: '高一数学直播班' };

/** The rows of each level. */
const STAT_ROWS: Record<OnlineLevel, OnlineStatRow[]> = {
  teacher: [
    onlineStatRow({
      schoolName: '海淀校区',
      teacherName: '王老师',
      teacherEmail: 'wang@demo.eduhub',
      assistantName: '李辅导',
      assistantEmail: 'li@demo.eduhub',
    }),
    onlineStatRow({
      schoolName: '朝阳校区',
      teacherName: '赵老师',
      teacherEmail: 'zhao@demo.eduhub',
      assistantName: '钱辅导',
      assistantEmail: 'qian@demo.eduhub',
      liveAttendRate: -1,
      avgChatNum: -1,
    }),
  ],
  class: [
    onlineStatRow({
      ...CLASS_11,
      schoolName: '海淀校区',
      classBeginEndDate: '2026-03-01~2026-05-31',
      teacherName: '王老师',
    }),
  ],
  lesson: [
    onlineStatRow({
      ...CLASS_11,
      lessonId: 101,
      lessonName: '第1讲',
      lessonBeginEndTime: '2026-03-02 19:00–20:30',
      teacherPresenceStatus: '出勤',
      teacherPresenceDuration: 5405,
      firstEntryTime: new Date(2026, 2, 2, 18, 50).getTime(),
      afterClassLastExitTime: 0,
      sacStuLiveShouldCnt: 36,
    }),
  ],
  school: [onlineStatRow({ schoolName: '海淀校区' })],
  group: [onlineStatRow({ ...CLASS_11, groupId: 5, groupName: '一组', assistantName1: '李辅导' })],
};

/** A statistics page of the level in the body, as the server answers it. */
function statPage(_url: URL, init?: RequestInit) {
  const search = searchOf(init);
  const records = STAT_ROWS[search.type as OnlineLevel];
  return envelope({ records, total: records.length, pageNo: search.pageNo, pageSize: search.pageSize });
}

/** The lesson's students: one without an anomaly, two with one. */
const LESSON_STUDENTS = [
  onlineLessonStudentRow(1, { correctRate: 0.5 }),
  onlineLessonStudentRow(2, { leaveRoomCount: 2, correctRate: 0.9, accuracyStr: '90%', isContainAfterClass: '是' }),
  onlineLessonStudentRow(3, { starAnomalyCount: 1, correctRate: -1, liveStudyDuration: 0 }),
];

function server() {
  return dcServer([
    ['POST', MAIN_STAT, statPage],
    ['POST', AUX_STAT, statPage],
    ['POST', '/api/online/main/studentLessons', pageOf([onlineStudentLessonRow(1)])],
    ['POST', '/api/online/auxiliary/studentLessons', pageOf([onlineStudentLessonRow(1)])],
    ['POST', '/api/online/main/classes', pageOf([onlineClassRow(1), onlineClassRow(2)])],
    ['POST', '/api/online/auxiliary/classes', pageOf([onlineClassRow(1)])],
    ['POST', '/api/online/main/quits', pageOf([onlineQuitRow(1)])],
    ['POST', '/api/online/auxiliary/quits', pageOf([onlineQuitRow(1)])],
    [
      'POST',
      `${CLASS}/lessons`,
      () =>
        envelope([
          onlineClassLessonRow(1),
          onlineClassLessonRow(2, { lessonStatusDesc: '未上课', liveAttendRate: -1 }),
        ]),
    ],
    [
      'POST',
      `${CLASS}/students`,
      () => envelope([{ studentCode: 'S0001', studentName: '学员1', avgStudyDuration: 3600, avgStudyProgress: 0.8 }]),
    ],
    ['POST', `${CLASS}/groups`, () => envelope([onlineStatRow({ ...CLASS_11, groupId: 5, groupName: '一组' })])],
    [
      'POST',
      `${CLASS}/renewals`,
      () =>
        envelope([
          { studentCode: 'S0001', studentName: '学员1', retentClassName: '高一数学暑期班', rostDusedpay: 2400 },
        ]),
    ],
    ['POST', `${CLASS}/devices`, () => envelope([{ studentCode: 'S0002', studentName: '学员2', cameraState: '异常' }])],
    ['POST', `${LESSON}/students`, () => envelope(LESSON_STUDENTS)],
    [
      'POST',
      `${LESSON}/leaves`,
      () =>
        envelope([
          {
            studentCode: 'S0004',
            studentName: '学员4',
            reason: '生病',
            updateUser: '李辅导',
            updateTime: new Date(2026, 2, 1, 10, 0).getTime(),
          },
        ]),
    ],
    ['POST', `${LESSON}/replayPoints`, () => envelope([onlineReplayPointRow(1)])],
  ]);
}

const bodies = (fetch: ReturnType<typeof dcServer>, path: string) =>
  fetch.mock.calls.filter(([u]) => u === path).map(([, init]) => searchOf(init));

const calls = (fetch: ReturnType<typeof dcServer>, path: string) =>
  fetch.mock.calls.filter(([u]) => u === path).map(([, init]) => [init?.method, init?.body]);

/** The search of the screens: the usual filters, the first page. */
const SEARCH = toWire(defaultDcSearch(new Date()), { pageNo: 1, pageSize: 30 });

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

const drawn = (table: HTMLElement) =>
  [...table.querySelectorAll<HTMLElement>('thead th[data-accessor]')].map((th) => th.dataset.accessor);

/** A row's cell in the column `accessor`. */
function cellOf(table: HTMLElement, row: HTMLElement, accessor: string): string | null {
  return cells(row)[drawn(table).indexOf(accessor)] ?? null;
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('OnlineStatistics', () => {
  it('opens the main teachers’ screen on 统计 › 老师: the teachers the server answers, rates and averages formatted', async () => {
    const fetch = server();
    render(<OnlineStatistics screen={ONLINE_MAIN} exportReport={vi.fn()} />);
    expect(screen.getByRole('heading', { name: '主讲老师直播课统计' })).toBeInTheDocument();
    expect(screen.getByRole('search', { name: '筛选条件' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: '直播课统计' })).toHaveTextContent('统计学员课次班级明细退班记录');
    expect(tab('统计')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: '老师' })).toBeChecked();

    const table = await screen.findByRole('table', { name: '主讲老师直播课统计-老师统计' });
    const wang = await within(table).findByRole('row', { name: '王老师' });
    expect(bodies(fetch, MAIN_STAT)).toEqual([{ ...SEARCH, type: 'teacher' }]);
    expect(drawn(table).slice(0, 7)).toEqual([
      'schoolName',
      'teacherName',
      'teacherEmail',
      'classCnt',
      'groupCnt',
      'studentCnt',
      'inClassCnt',
    ]);
    expect(drawn(table)).not.toContain('liveAttendCnt');
    expect(cells(wang).slice(0, 3)).toEqual(['海淀校区', '王老师', 'wang@demo.eduhub']);
    expect(cellOf(table, wang, 'liveAttendRate')).toBe('75.00%');
    expect(cellOf(table, wang, 'answerAccuracyRate')).toBe('65.43%');
    expect(cellOf(table, wang, 'avgChatNum')).toBe('3.33');
    const zhao = within(table).getByRole('row', { name: '赵老师' });
    expect(cellOf(table, zhao, 'liveAttendRate')).toBe('/');
    expect(cellOf(table, zhao, 'avgChatNum')).toBe('/');

    await userEvent.click(within(table).getByText('直播到课率'));
    await waitFor(() =>
      expect(bodies(fetch, MAIN_STAT).at(-1)?.sortInfo).toEqual({ field: 'liveAttendRate', asc: true }),
    );
  });

  it('sends the level as `type`', async () => {
    const fetch = server();
    render(<OnlineStatistics screen={ONLINE_MAIN} exportReport={vi.fn()} />);
    await screen.findByRole('table', { name: '主讲老师直播课统计-老师统计' });
    for (const [label, level, name] of [
      ['班级', 'class', '高一数学直播班'],
      ['课次', 'lesson', '高一数学直播班 第1讲'],
      ['校区', 'school', '海淀校区'],
      ['小组', 'group', '高一数学直播班 一组'],
    ] as const) {
      await userEvent.click(screen.getByRole('radio', { name: label }));
      const table = await screen.findByRole('table', { name: `主讲老师直播课统计-${label}统计` });
      await within(table).findByRole('row', { name });
      expect(bodies(fetch, MAIN_STAT).at(-1)).toEqual({ ...SEARCH, type: level });
    }
  });

  it('shows a lesson’s main teacher at it, and exports the level shown as onlineMainStat', async () => {
    server();
    const exportReport = vi.fn();
    render(<OnlineStatistics screen={ONLINE_MAIN} exportReport={exportReport} />);
    await screen.findByRole('table', { name: '主讲老师直播课统计-老师统计' });
    await userEvent.click(screen.getByRole('radio', { name: '课次' }));
    const lessons = await screen.findByRole('table', { name: '主讲老师直播课统计-课次统计' });
    const lesson = await within(lessons).findByRole('row', { name: '高一数学直播班 第1讲' });
    expect(drawn(lessons).slice(0, 4)).toEqual(['className', 'lessonName', 'lessonId', 'lessonBeginEndTime']);
    expect(cellOf(lessons, lesson, 'teacherPresenceStatus')).toBe('出勤');
    expect(cellOf(lessons, lesson, 'teacherPresenceDuration')).toBe('01:30:05');
    expect(cellOf(lessons, lesson, 'firstEntryTime')).toBe('2026-03-02 18:50');
    expect(cellOf(lessons, lesson, 'afterClassLastExitTime')).toBe('-');
    expect(cellOf(lessons, lesson, 'sacStuLiveShouldCnt')).toBe('36');

    await userEvent.click(screen.getByRole('button', { name: '导出主讲老师直播课统计-课次统计' }));
    const request = exportReport.mock.calls[0]![0] as { reqParams: Record<string, unknown> };
    expect(request).toMatchObject({
      excelType: 'onlineMainStat',
      businessName: '主讲老师直播课统计-课次统计',
      total: 1,
    });
    expect(request.reqParams).toMatchObject({ type: 'lesson', productType: ['ZJK'], columns: drawn(lessons) });
  });

  it('opens a class from its row: its lessons, students, groups, renewals and device checks, each read by its tab', async () => {
    const fetch = server();
    render(<OnlineStatistics screen={ONLINE_MAIN} exportReport={vi.fn()} />);
    await screen.findByRole('table', { name: '主讲老师直播课统计-老师统计' });
    await userEvent.click(screen.getByRole('radio', { name: '班级' }));
    const table = await screen.findByRole('table', { name: '主讲老师直播课统计-班级统计' });
    await within(table).findByRole('row', { name: '高一数学直播班' });
    expect(calls(fetch, `${CLASS}/lessons`)).toEqual([]);
    await userEvent.click(within(table).getByRole('button', { name: 'C001' }));

    const drawer = await screen.findByRole('dialog', { name: '班级：C001 高一数学直播班' });
    const lessons = await within(drawer).findByRole('table', { name: '班级课次' });
    const first = await within(lessons).findByRole('row', { name: '第1讲' });
    expect(calls(fetch, `${CLASS}/lessons`)).toEqual([['POST', '{}']]);
    expect(cellOf(lessons, first, 'liveAttendRate')).toBe('75.00%');
    expect(cellOf(lessons, within(lessons).getByRole('row', { name: '第2讲' }), 'liveAttendRate')).toBe('/');
    expect(within(drawer).getByRole('tablist', { name: '班级明细' })).toHaveTextContent('课次学员小组续报设备检测');

    await userEvent.click(within(drawer).getByRole('tab', { name: '学员' }));
    const students = await within(drawer).findByRole('table', { name: '班级学员' });
    const student = await within(students).findByRole('row', { name: '学员1' });
    expect(cellOf(students, student, 'avgStudyDuration')).toBe('01:00:00');
    expect(cellOf(students, student, 'avgStudyProgress')).toBe('80.00%');
    expect(cellOf(students, student, 'mobile')).toBe('-');

    await userEvent.click(within(drawer).getByRole('tab', { name: '小组' }));
    const groups = await within(drawer).findByRole('table', { name: '班级小组' });
    await within(groups).findByRole('row', { name: '一组' });
    expect(drawn(groups)).not.toContain('className');

    await userEvent.click(within(drawer).getByRole('tab', { name: '续报' }));
    const renewals = await within(drawer).findByRole('table', { name: '续报' });
    const renewal = await within(renewals).findByRole('row', { name: '学员1 高一数学暑期班' });
    expect(cellOf(renewals, renewal, 'rostDusedpay')).toBe('2,400.00');

    await userEvent.click(within(drawer).getByRole('tab', { name: '设备检测' }));
    const devices = await within(drawer).findByRole('table', { name: '设备检测' });
    expect(cellOf(devices, await within(devices).findByRole('row', { name: '学员2' }), 'cameraState')).toBe('异常');

    for (const part of ['lessons', 'students', 'groups', 'renewals', 'devices'])
      expect(calls(fetch, `${CLASS}/${part}`), part).toEqual([['POST', '{}']]);
    expect(fetch.mock.calls.some(([u]) => u.startsWith('/api/online/lesson/'))).toBe(false);
  });

  it('opens a lesson over its class: the students, their anomalies, answer cards and workbench answers, leaves and replay points', async () => {
    const fetch = server();
    render(<OnlineStatistics screen={ONLINE_MAIN} exportReport={vi.fn()} />);
    await screen.findByRole('table', { name: '主讲老师直播课统计-老师统计' });
    await userEvent.click(tab('班级明细'));
    const classes = await screen.findByRole('table', { name: '主讲老师直播课统计-班级明细' });
    await within(classes).findByRole('row', { name: '高一数学直播班1' });
    expect(bodies(fetch, '/api/online/main/classes')).toEqual([SEARCH]);
    await userEvent.click(within(classes).getByRole('button', { name: '高一数学直播班1' }));
    const classDrawer = await screen.findByRole('dialog', { name: '班级：C001 高一数学直播班1' });
    const lessons = await within(classDrawer).findByRole('table', { name: '班级课次' });
    await userEvent.click(await within(lessons).findByRole('button', { name: '第1讲' }));

    const drawer = await screen.findByRole('dialog', { name: '课次：第1讲' });
    expect(within(drawer).getByRole('tablist', { name: '课次明细' })).toHaveTextContent(
      '学员明细课堂异常答题卡工作台答题请假记录回放知识点',
    );
    const students = await within(drawer).findByRole('table', { name: '学员明细' });
    await within(students).findByRole('row', { name: '学员1' });
    expect(within(students).getAllByRole('row').slice(1)).toHaveLength(3);
    expect(cellOf(students, within(students).getByRole('row', { name: '学员1' }), 'liveStudyDuration')).toBe(
      '01:02:05',
    );
    expect(cellOf(students, within(students).getByRole('row', { name: '学员3' }), 'liveStudyDuration')).toBe('-');

    // 课堂异常: only the students with an anomaly, with their four counts.
    await userEvent.click(within(drawer).getByRole('tab', { name: '课堂异常' }));
    const anomalies = await within(drawer).findByRole('table', { name: '课堂异常' });
    expect(
      within(anomalies)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['学员2', '学员3']);
    expect(drawn(anomalies).slice(-4)).toEqual([
      'leaveRoomCount',
      'continueNotAnswerCount',
      'totalNotAnswerCount',
      'starAnomalyCount',
    ]);
    expect(cells(within(anomalies).getByRole('row', { name: '学员2' })).slice(-4)).toEqual(['2', '0', '0', '0']);

    // 答题卡: sorted here by the correct rate.
    await userEvent.click(within(drawer).getByRole('tab', { name: '答题卡' }));
    const cards = await within(drawer).findByRole('table', { name: '答题卡' });
    const order = () =>
      within(cards)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('aria-label'));
    expect(order()).toEqual(['学员1', '学员2', '学员3']);
    await userEvent.click(within(cards).getByText('正确率'));
    await waitFor(() => expect(order()).toEqual(['学员3', '学员1', '学员2']));
    await userEvent.click(within(cards).getByText('正确率'));
    await waitFor(() => expect(order()).toEqual(['学员2', '学员1', '学员3']));
    expect(cellOf(cards, within(cards).getByRole('row', { name: '学员3' }), 'correctRate')).toBe('/');

    await userEvent.click(within(drawer).getByRole('tab', { name: '工作台答题' }));
    const workbench = await within(drawer).findByRole('table', { name: '工作台答题' });
    expect(drawn(workbench)).toEqual([
      'studentCode',
      'liveNickname',
      'studentName',
      'inClassStatus',
      'accuracyStr',
      'isContainAfterClass',
    ]);
    expect(cells(within(workbench).getByRole('row', { name: '学员2' }))).toEqual([
      'S0002',
      '小2',
      '学员2',
      '在班',
      '90%',
      '是',
    ]);
    // The four tabs over the students read them once.
    expect(calls(fetch, `${LESSON}/students`)).toEqual([['POST', '{}']]);

    await userEvent.click(within(drawer).getByRole('tab', { name: '请假记录' }));
    const leaves = await within(drawer).findByRole('table', { name: '请假记录' });
    expect(cells(await within(leaves).findByRole('row', { name: '学员4' }))).toEqual([
      'S0004',
      '学员4',
      '生病',
      '李辅导',
      '2026-03-01 10:00',
    ]);

    await userEvent.click(within(drawer).getByRole('tab', { name: '回放知识点' }));
    const points = await within(drawer).findByRole('table', { name: '回放知识点' });
    const point = await within(points).findByRole('row', { name: '学员1 集合的运算' });
    expect(cellOf(points, point, 'startTime')).toBe('00:10:05');
    expect(calls(fetch, `${LESSON}/leaves`)).toEqual([['POST', '{}']]);
    expect(calls(fetch, `${LESSON}/replayPoints`)).toEqual([['POST', '{}']]);

    // Closing the lesson shows its class again.
    await userEvent.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '课次：第1讲' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: '班级：C001 高一数学直播班1' })).toBeInTheDocument();
  });

  it('opens a lesson from the lesson statistics and from a student’s lesson', async () => {
    const fetch = server();
    render(<OnlineStatistics screen={ONLINE_MAIN} exportReport={vi.fn()} />);
    await screen.findByRole('table', { name: '主讲老师直播课统计-老师统计' });
    await userEvent.click(screen.getByRole('radio', { name: '课次' }));
    const table = await screen.findByRole('table', { name: '主讲老师直播课统计-课次统计' });
    await within(table).findByRole('row', { name: '高一数学直播班 第1讲' });
    await userEvent.click(within(table).getByRole('button', { name: '第1讲' }));
    const drawer = await screen.findByRole('dialog', { name: '课次：第1讲' });
    await within(drawer).findByRole('table', { name: '学员明细' });
    expect(calls(fetch, `${LESSON}/students`)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: /^班级：/ })).not.toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(tab('学员课次'));
    const studentLessons = await screen.findByRole('table', { name: '主讲老师直播课统计-学员课次' });
    await within(studentLessons).findByRole('row', { name: '学员1 第1讲 集合' });
    await userEvent.click(within(studentLessons).getByRole('button', { name: '第1讲 集合' }));
    const again = await screen.findByRole('dialog', { name: '课次：第1讲 集合' });
    await within(again).findByRole('row', { name: '学员1' });
  });

  it('shows the auxiliary teachers on their screen, their student lessons sorted by the lesson’s time, classes and quits, each exported', async () => {
    const fetch = server();
    const exportReport = vi.fn();
    render(<OnlineStatistics screen={ONLINE_AUXILIARY} exportReport={exportReport} />);
    expect(screen.getByRole('heading', { name: '辅导老师直播课统计' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '辅导老师直播课统计-老师统计' });
    const li = await within(table).findByRole('row', { name: '李辅导' });
    expect(bodies(fetch, AUX_STAT)).toEqual([{ ...SEARCH, type: 'teacher' }]);
    expect(drawn(table).slice(0, 3)).toEqual(['schoolName', 'assistantName', 'assistantEmail']);
    expect(cells(li).slice(0, 3)).toEqual(['海淀校区', '李辅导', 'li@demo.eduhub']);
    expect(drawn(table)).not.toContain('teacherLiveAttendRate');
    await userEvent.click(screen.getByRole('button', { name: '导出辅导老师直播课统计-老师统计' }));
    expect(exportReport.mock.calls.at(-1)?.[0]).toMatchObject({
      excelType: 'onlineAuxiliaryStat',
      reqParams: { type: 'teacher' },
    });

    await userEvent.click(tab('学员课次'));
    const lessons = await screen.findByRole('table', { name: '辅导老师直播课统计-学员课次' });
    const row = await within(lessons).findByRole('row', { name: '学员1 第1讲 集合' });
    expect(bodies(fetch, '/api/online/auxiliary/studentLessons')).toEqual([SEARCH]);
    expect(cellOf(lessons, row, 'liveStudyDuration')).toBe('01:20:05');
    expect(cellOf(lessons, row, 'playbackStudyDuration')).toBe('-');
    expect(cellOf(lessons, row, 'answerAccuracyRate')).toBe('87.50%');
    await userEvent.click(within(lessons).getByText('上课时间'));
    await waitFor(() =>
      expect(bodies(fetch, '/api/online/auxiliary/studentLessons').at(-1)?.sortInfo).toEqual({
        field: 'lessonTime',
        asc: true,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: '导出辅导老师直播课统计-学员课次' }));
    expect(exportReport.mock.calls.at(-1)?.[0]).toMatchObject({
      excelType: 'onlineAuxiliaryStudentLessons',
      reqParams: { sortInfo: { field: 'lessonTime', asc: true } },
    });

    await userEvent.click(tab('班级明细'));
    const classes = await screen.findByRole('table', { name: '辅导老师直播课统计-班级明细' });
    await within(classes).findByRole('row', { name: '高一数学直播班1' });
    await userEvent.click(screen.getByRole('button', { name: '导出辅导老师直播课统计-班级明细' }));
    expect(exportReport.mock.calls.at(-1)?.[0]).toMatchObject({ excelType: 'onlineAuxiliaryClasses' });

    await userEvent.click(tab('退班记录'));
    const quits = await screen.findByRole('table', { name: '辅导老师直播课统计-退班记录' });
    const quit = await within(quits).findByRole('row', { name: '学员1 高一数学直播班' });
    expect(bodies(fetch, '/api/online/auxiliary/quits')).toEqual([SEARCH]);
    expect(cellOf(quits, quit, 'dtOutDate')).toBe('2026-03-20 10:00');
    expect(cellOf(quits, quit, 'refundFee')).toBe('1,800.00');
    expect(within(quits).queryByRole('button', { name: '高一数学直播班' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '导出辅导老师直播课统计-退班记录' }));
    expect(exportReport.mock.calls.at(-1)?.[0]).toMatchObject({ excelType: 'onlineAuxiliaryQuits', total: 1 });
  });
});
