import { notifications } from '@mantine/notifications';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageOf } from '@/features/question/test-helpers';
import type { AidSeries } from '@/generated/AidSeries';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import {
  bodiesOf,
  envelope,
  jsonBody,
  mockFetch,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { aidSeries, teachingAid } from '../test-helpers';
import { TeachingAidLibrary } from './teaching-aid-library';

beforeEach(() => notifications.clean());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null, selection: null }));
});

const LIBRARY = '/easyDevelop/teachingAidlibrary';

const AIDS = [
  teachingAid(5, { title: '高考一轮复习', description: '函数与导数专题', paperId: 50 }),
  teachingAid(6, { title: '高考二轮复习', status: 0, paperId: 60 }),
  teachingAid(7, { title: '同步练习', seriesId: 2, seriesName: '同步精练', paperId: 70 }),
];

function server() {
  let series: AidSeries[] = [
    aidSeries(1, { name: '高考总复习', aidCount: 2 }),
    aidSeries(2, { name: '同步精练', aidCount: 1 }),
    aidSeries(3, { name: '竞赛专题' }),
  ];
  return mockFetch([
    ['POST', '/api/teachingAuxiliary/querySeriesListByPage', () => envelope(pageOf(series, series.length, 1, 1000))],
    [
      'POST',
      '/api/teachingAuxiliary/queryList',
      (_u, init) => envelope(pageOf(AIDS.filter((a) => a.seriesId === jsonBody(init).seriesId))),
    ],
    [
      'POST',
      '/api/teachingAuxiliary/addOrUpdateSeries',
      (_u, init) => {
        const body = jsonBody(init);
        const saved = aidSeries(Number(body.id ?? 4), { name: String(body.name) });
        series = body.id ? series.map((s) => (s.id === saved.id ? { ...s, name: saved.name } : s)) : [...series, saved];
        return envelope(saved);
      },
    ],
    [
      'POST',
      '/api/teachingAuxiliary/updateSeriesSort',
      (_u, init) => {
        const ids = jsonBody(init).ids as number[];
        series = ids.map((id) => series.find((s) => s.id === id)!);
        return envelope(series);
      },
    ],
    [
      'POST',
      '/api/teachingAuxiliary/deleteSeries',
      (url) => {
        const id = Number(url.searchParams.get('id'));
        if (series.find((s) => s.id === id)?.aidCount) return envelope(null, 'A0409', '系列中还有教辅，不能删除', 409);
        series = series.filter((s) => s.id !== id);
        return envelope(true);
      },
    ],
    [
      'POST',
      '/api/teachingAuxiliary/addOrUpdate',
      (_u, init) => {
        const body = jsonBody(init);
        return envelope(teachingAid(Number(body.id ?? 8), { ...body, paperId: body.id ? 50 : 80, canEdit: true }));
      },
    ],
  ]);
}

function Opened() {
  const { pathname, search } = useLocation();
  return <p>opened {pathname + search}</p>;
}

function open(roleCode = 'teacher') {
  sessionStore.set((s) => ({
    ...s,
    user: userInfo({ roleList: [{ code: roleCode, name: roleCode, current: true, icon: '' }] }),
    selection: { stage: 4, subject: 54 },
  }));
  const router = createMemoryRouter(
    [
      { path: LIBRARY, element: <TeachingAidLibrary title="教辅库" /> },
      { path: '*', element: <Opened /> },
    ],
    { initialEntries: [LIBRARY] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const seriesNames = () =>
  within(screen.getByRole('navigation', { name: '教辅系列' }))
    .getAllByRole('button', { name: /^(?!上移|下移|系列操作|拖动)/ })
    .map((b) => b.getAttribute('aria-label'));

describe('教辅库', () => {
  it('shows the series in order and the published aids of the one chosen, read-only for a teacher', async () => {
    const fetch = server();
    open();
    const nav = await screen.findByRole('navigation', { name: '教辅系列' });
    expect(bodiesOf(fetch, '/api/teachingAuxiliary/querySeriesListByPage')).toEqual([
      { subject: 54, stage: 4, pageNo: 1, pageSize: 1000 },
    ]);
    expect(seriesNames()).toEqual(['高考总复习', '同步精练', '竞赛专题']);
    expect(within(nav).getByRole('button', { name: '高考总复习' })).toHaveAttribute('aria-current', 'true');
    expect(within(nav).queryByRole('button', { name: /^上移/ })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: /^拖动排序/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建系列' })).not.toBeInTheDocument();

    const row = await screen.findByRole('row', { name: '高考一轮复习' });
    expect(bodiesOf(fetch, '/api/teachingAuxiliary/queryList')).toEqual([{ seriesId: 1, pageNo: 1, pageSize: 20 }]);
    expect(within(row).getByText('函数与导数专题')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '高考一轮复习' })).toHaveAttribute(
      'href',
      `/easyDevelop/teachingAidlibrary/syllabus/5?title=${encodeURIComponent('高考一轮复习')}`,
    );
    expect(within(row).getByRole('link', { name: '查看内容' })).toHaveAttribute(
      'href',
      '/knowledgeSectionEdit?paperId=50&ver=0',
    );
    expect(within(row).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建教辅' })).not.toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('button', { name: '同步精练' }));
    expect(await screen.findByRole('row', { name: '同步练习' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/teachingAuxiliary/queryList').at(-1)).toEqual({
      seriesId: 2,
      pageNo: 1,
      pageSize: 20,
    });
  });

  it('creates, renames, reorders and deletes series for an editor', async () => {
    const fetch = server();
    open('admin');
    const nav = await screen.findByRole('navigation', { name: '教辅系列' });
    expect(within(nav).getByRole('button', { name: '拖动排序：系列「同步精练」' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: '上移：高考总复习' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: '下移：竞赛专题' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: '新建系列' }));
    let dialog = await screen.findByRole('dialog', { name: '新建系列' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '系列名称' }), '期末冲刺');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingAuxiliary/addOrUpdateSeries')).toEqual([
        { name: '期末冲刺', subject: 54, stage: 4 },
      ]),
    );
    expect(await screen.findByText('已创建系列「期末冲刺」')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: '期末冲刺' })).toHaveAttribute('aria-current', 'true'),
    );

    await userEvent.click(within(nav).getByRole('button', { name: '系列操作：竞赛专题' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '重命名' }));
    dialog = await screen.findByRole('dialog', { name: '重命名系列 · 竞赛专题' });
    const name = within(dialog).getByRole('textbox', { name: '系列名称' });
    expect(name).toHaveValue('竞赛专题');
    await userEvent.clear(name);
    await userEvent.type(name, '竞赛培优');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingAuxiliary/addOrUpdateSeries').at(-1)).toEqual({
        id: 3,
        name: '竞赛培优',
        subject: 54,
        stage: 4,
      }),
    );
    expect(await within(nav).findByRole('button', { name: '竞赛培优' })).toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('button', { name: '下移：高考总复习' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingAuxiliary/updateSeriesSort')).toEqual([{ ids: [2, 1, 3, 4] }]),
    );
    await waitFor(() => expect(seriesNames()).toEqual(['同步精练', '高考总复习', '竞赛培优', '期末冲刺']));
    await userEvent.click(within(nav).getByRole('button', { name: '上移：期末冲刺' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingAuxiliary/updateSeriesSort').at(-1)).toEqual({ ids: [2, 1, 4, 3] }),
    );

    await userEvent.click(within(nav).getByRole('button', { name: '系列操作：同步精练' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '删除' }));
    dialog = await screen.findByRole('dialog', { name: '删除系列' });
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('系列中还有教辅，不能删除')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: '同步精练' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));

    await userEvent.click(within(nav).getByRole('button', { name: '系列操作：竞赛培优' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '删除' }));
    dialog = await screen.findByRole('dialog', { name: '删除系列' });
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('系列已删除')).toBeInTheDocument();
    const deletions = fetch.mock.calls.filter(([u]) => u.startsWith('/api/teachingAuxiliary/deleteSeries'));
    expect(deletions.map(([u, init]) => [u, jsonBody(init)])).toEqual([
      ['/api/teachingAuxiliary/deleteSeries?id=2', { id: 2 }],
      ['/api/teachingAuxiliary/deleteSeries?id=3', { id: 3 }],
    ]);
    await waitFor(() => expect(within(nav).queryByRole('button', { name: '竞赛培优' })).not.toBeInTheDocument());
  });

  it('creates an aid and opens its paper in the editor; changes another; filters by status', async () => {
    const fetch = server();
    const router = open('operator');
    const row = await screen.findByRole('row', { name: '高考二轮复习' });
    expect(within(row).getByText('草稿')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: '已发布' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingAuxiliary/queryList').at(-1)).toEqual({
        seriesId: 1,
        status: 1,
        pageNo: 1,
        pageSize: 20,
      }),
    );

    await userEvent.click(
      within(screen.getByRole('row', { name: '高考二轮复习' })).getByRole('button', { name: '编辑' }),
    );
    let dialog = await screen.findByRole('dialog', { name: '编辑教辅 · 高考二轮复习' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '简介' }), '压轴题突破');
    await userEvent.click(within(dialog).getByRole('radio', { name: '已发布' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingAuxiliary/addOrUpdate')).toEqual([
        { id: 6, seriesId: 1, title: '高考二轮复习', description: '压轴题突破', status: 1 },
      ]),
    );
    expect(await screen.findByText('教辅已保存')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(LIBRARY);

    await userEvent.click(screen.getByRole('button', { name: '新建教辅' }));
    dialog = await screen.findByRole('dialog', { name: '新建教辅 · 高考总复习' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('请输入教辅标题')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '教辅标题' }), '高考三轮冲刺');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teachingAuxiliary/addOrUpdate').at(-1)).toEqual({
        seriesId: 1,
        title: '高考三轮冲刺',
        description: '',
        status: 0,
      }),
    );
    expect(await screen.findByText('opened /knowledgeSectionEdit?paperId=80&ver=0')).toBeInTheDocument();
  });
});
