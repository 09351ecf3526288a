import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { realtime } from '@/lib/realtime';
import { FakeSocket, pushContent } from '@/testing/fake-socket';
import { act, bodiesOf, render, screen, urlsOf, userEvent, waitFor, within } from '@/testing/test-utils';
import { CAMP_STATS_PATHS } from '../api/statistics';
import { campServer, member, overview } from '../test-helpers';
import { TrainingStatistics } from './training-statistics';

const PAGE = '/knowledgeRepository/training/trainingStatistics';

// the test DOM lays nothing out, so recharts would draw nothing: the line chart lists its points here.
vi.mock('@mantine/charts', () => ({
  LineChart: ({ data, series }: { data: Record<string, unknown>[]; series: { name: string; label: string }[] }) => (
    <ul aria-label="图表数据">
      {data.map((point) => (
        <li key={String(point.day)}>
          {[String(point.day), ...series.map((s) => `${s.label} ${String(point[s.name])}`)].join(' ')}
        </li>
      ))}
    </ul>
  ),
}));

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  realtime.stop();
  FakeSocket.reset();
  vi.unstubAllGlobals();
});

function Opened() {
  const { pathname, search } = useLocation();
  return <p>opened {pathname + search}</p>;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: PAGE, element: <TrainingStatistics title="学习营统计" /> },
      { path: '*', element: <Opened /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The [label, value] of each card of a region. */
function cards(region: string): [string | null, string | null][] {
  return within(screen.getByRole('region', { name: region }))
    .getAllByRole('group')
    .map((g) => [g.getAttribute('aria-label'), g.lastElementChild?.textContent ?? null]);
}

describe('学习营统计', () => {
  it('shows the camp’s overview, phases with their tasks, classes and members', async () => {
    const { fetch } = campServer();
    renderAt(`${PAGE}?campId=1`);
    await waitFor(() => expect(cards('学习营概览')[0]).toEqual(['学员数', '12']));
    expect(cards('学习营概览')).toEqual([
      ['学员数', '12'],
      ['已开始学员', '10'],
      ['全部完成学员', '3'],
      ['近3天未学习', '4'],
      ['任务数', '3'],
      ['完成任务次数', '20'],
      ['完成率', '55.6%'],
      ['题集平均分', '66.8分'],
    ]);
    expect(screen.getByRole('textbox', { name: '学习营' })).toHaveValue('导数专题21天训练营');
    expect(screen.getByText('已发布')).toBeInTheDocument();
    const chart = within(screen.getByRole('region', { name: '每日学习情况' }));
    expect(chart.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '11-23 完成任务次数 5 活跃学员数 4',
      '11-24 完成任务次数 15 活跃学员数 9',
    ]);

    const phaseTable = screen.getByRole('table', { name: '阶段统计' });
    const week1 = await within(phaseTable).findByRole('row', { name: '第一周' });
    expect(week1).toHaveTextContent('58.3%');
    const quiz = await within(week1).findByRole('link', { name: '概念小测' });
    expect(quiz).toHaveAttribute('href', '/knowledgeRepository/training/taskResourceStatistics?campId=1&taskId=102');

    const classTable = screen.getByRole('table', { name: '班级统计' });
    expect(await within(classTable).findByRole('row', { name: '高二（3）班数学' })).toHaveTextContent('66.7%');
    expect(within(classTable).getByRole('row', { name: '通用二维码' })).toHaveTextContent('50%');

    const members = screen.getByRole('table', { name: '学员统计' });
    const first = await within(members).findByRole('row', { name: '学员1' });
    expect(first).toHaveTextContent('2/3');
    expect(first).toHaveTextContent('进行中');
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(bodiesOf(fetch, CAMP_STATS_PATHS.members)).toEqual([{ campId: 1, pageNo: 1, pageSize: 30 }]);

    await userEvent.click(quiz);
    expect(
      await screen.findByText('opened /knowledgeRepository/training/taskResourceStatistics?campId=1&taskId=102'),
    ).toBeInTheDocument();
  });

  it('shows the first camp with statistics without ?campId=, and says so for a draft', async () => {
    const { fetch } = campServer();
    const router = renderAt(PAGE);
    await waitFor(() => expect(cards('学习营概览')[0]).toEqual(['学员数', '12']));
    expect(bodiesOf(fetch, CAMP_STATS_PATHS.overview)).toEqual([{ campId: 1 }]);

    // Another camp from the picker (the draft is not offered).
    await userEvent.click(screen.getByRole('textbox', { name: '学习营' }));
    expect(screen.queryByRole('option', { name: '期末冲刺营' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: '暂停营' }));
    await waitFor(() => expect(router.state.location.search).toBe('?campId=3'));
    await waitFor(() => expect(cards('学习营概览')[0]).toEqual(['学员数', '0']));
    expect(screen.getByText('已暂停')).toBeInTheDocument();

    await act(() => router.navigate(`${PAGE}?campId=2`));
    expect(await screen.findByText('该学习营不存在或尚未发布')).toBeInTheDocument();
  });

  it('filters the members by progress, class, inactivity and keyword, from page 1', async () => {
    const { fetch } = campServer();
    renderAt(`${PAGE}?campId=1`);
    const members = await screen.findByRole('table', { name: '学员统计' });
    await within(members).findByRole('row', { name: '学员2' });
    await userEvent.click(screen.getByRole('textbox', { name: '学习状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '已完成' }));
    await userEvent.click(screen.getByRole('textbox', { name: '班级' }));
    await userEvent.click(await screen.findByRole('option', { name: '通用二维码' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '近3天未学习' }));
    await userEvent.type(screen.getByRole('textbox', { name: '关键词' }), ' 学员1 ');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, CAMP_STATS_PATHS.members).at(-1)).toEqual({
        campId: 1,
        progress: 2,
        classId: 0,
        inactive: true,
        keyword: '学员1',
        pageNo: 1,
        pageSize: 30,
      }),
    );
    await waitFor(() => expect(within(members).queryByRole('row', { name: '学员2' })).not.toBeInTheDocument());
    expect(within(members).getByRole('row', { name: '学员1' })).toBeInTheDocument();
  });

  it('opens a member’s drawer: their figures, tasks and praise poster', async () => {
    const { fetch } = campServer({ overview: overview(), members: [member(1), member(2, { doneCount: 0 })] });
    renderAt(`${PAGE}?campId=1`);
    const members = await screen.findByRole('table', { name: '学员统计' });
    const row = await within(members).findByRole('row', { name: '学员1' });
    await userEvent.click(within(row).getByRole('button', { name: '学员1' }));
    const drawer = await screen.findByRole('dialog', { name: '学员1的学习记录' });
    const head = within(drawer).getByRole('region', { name: '学员概况' });
    expect(within(head).getByRole('group', { name: '已完成/任务数' })).toHaveTextContent('2/3');
    expect(within(head).getByRole('group', { name: '完成率' })).toHaveTextContent('66.7%');
    expect(within(head).getByRole('group', { name: '题集平均分' })).toHaveTextContent('71分');
    const tasks = within(drawer).getByRole('table', { name: '任务记录' });
    expect(await within(tasks).findByRole('row', { name: '概念小测' })).toHaveTextContent('67分');
    expect(within(tasks).getByRole('row', { name: '运算闪卡' })).toHaveTextContent('未开始');
    expect(bodiesOf(fetch, CAMP_STATS_PATHS.memberTasks)).toEqual([{ campId: 1, memberId: 1 }]);

    // The poster is read when asked for.
    expect(urlsOf(fetch)).not.toContain(CAMP_STATS_PATHS.poster);
    await userEvent.click(within(drawer).getByRole('button', { name: '表扬海报' }));
    const image = await within(drawer).findByRole('img', { name: '学员1的表扬海报' });
    expect(image).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    const download = within(drawer).getByRole('link', { name: '下载海报' });
    expect(download).toHaveAttribute('download', '表扬海报-学员1.svg');
    expect(bodiesOf(fetch, CAMP_STATS_PATHS.poster)).toEqual([{ campId: 1, memberId: 1 }]);

    await userEvent.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A member who did nothing yet has no poster to ask for.
    await userEvent.click(within(members).getByRole('button', { name: '学员2' }));
    const second = await screen.findByRole('dialog', { name: '学员2的学习记录' });
    expect(within(second).getByRole('button', { name: '表扬海报' })).toBeDisabled();
    expect(within(second).getByText('完成任务后可生成表扬海报')).toBeInTheDocument();
  });

  it('follows the students’ progress live (magic_camp_changed), only of the camp shown', async () => {
    const { fetch, state } = campServer();
    realtime.start('teacher@demo.eduhub');
    const socket = FakeSocket.last();
    socket.open();
    socket.welcome();
    renderAt(`${PAGE}?campId=1`);
    await waitFor(() => expect(cards('学习营概览')[5]).toEqual(['完成任务次数', '20']));
    await within(screen.getByRole('table', { name: '学员统计' })).findByRole('row', { name: '学员1' });

    // Another camp's progress reads nothing.
    fetch.mockClear();
    state.overview = overview({ doneCount: 21 });
    socket.push(41, 'magic_camp_changed', pushContent({ id: 9, value: { campId: 9, kind: 'progress', memberId: 3 } }));
    await new Promise((r) => setTimeout(r, 50));
    expect(urlsOf(fetch)).toEqual([]);

    // This camp's: its figures are read again, without a reload.
    state.members = [member(1, { doneCount: 3, progress: 2, progressName: '已完成' }), member(2)];
    socket.push(
      42,
      'magic_camp_changed',
      pushContent({ id: 1, value: { campId: 1, kind: 'progress', memberId: 1, taskId: 103 } }),
    );
    await waitFor(() => expect(cards('学习营概览')[5]).toEqual(['完成任务次数', '21']));
    const members = screen.getByRole('table', { name: '学员统计' });
    await waitFor(() => expect(within(members).getByRole('row', { name: '学员1' })).toHaveTextContent('3/3'));
    const read = new Set(urlsOf(fetch));
    for (const path of [
      CAMP_STATS_PATHS.overview,
      CAMP_STATS_PATHS.phaseStats,
      CAMP_STATS_PATHS.classStats,
      CAMP_STATS_PATHS.members,
    ]) {
      expect(read.has(path), path).toBe(true);
    }
    // Neither the code tables nor the camp list nor the phases.
    expect(
      read.has(CAMP_STATS_PATHS.enums) || read.has(CAMP_STATS_PATHS.camps) || read.has(CAMP_STATS_PATHS.phases),
    ).toBe(false);
  });
});
