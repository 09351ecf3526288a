import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { AUTOSAVE_DELAY_MS } from '../hooks/use-visit-autosave';
import { DETAIL, FINISH, finishedVisit, recordToolServer, SAVE, SHEET, VISIT_ID, visitLesson } from '../test-helpers';
import { ProceedRecord } from './proceed-record';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderPage = () => render(<ProceedRecord id={VISIT_ID} />, { route: `/recordTool/proceedRecord?id=${VISIT_ID}` });

const scoreField = (name: string) => screen.getByRole('textbox', { name: `${name}（满分 20）` });

describe('听课记录表', () => {
  it('saves the scores and the timeline as typed, a new note starting at the minute the lesson has reached', async () => {
    // 09:25 of the lesson that started at 09:00; only the clock is faked.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(visitLesson().startTime + 25 * 60_000 + 30_000);
    const fetch = recordToolServer();
    renderPage();
    expect(await screen.findByRole('heading', { name: '高一数学精品班 · 第14讲' })).toBeInTheDocument();
    expect(bodiesOf(fetch, DETAIL)).toEqual([{ id: VISIT_ID }]);
    expect(screen.getByRole('group', { name: '听课人' })).toHaveTextContent('李主管');
    expect(screen.getByRole('link', { name: '听课学生' })).toHaveAttribute(
      'href',
      `/recordTool/recordStudentList?id=${VISIT_ID}`,
    );
    // Each dimension with its description.
    expect(screen.getByText(SHEET[0]!.description)).toBeInTheDocument();

    await userEvent.type(scoreField('教学目标'), '18');
    await userEvent.type(scoreField('课堂互动'), '15');
    expect(screen.getByRole('status', { name: '总分' })).toHaveTextContent('总分 33 / 100');

    const notes = screen.getByRole('region', { name: '过程记录' });
    const adder = within(notes).getByRole('group', { name: '添加记录' });
    const minute = within(adder).getByRole('textbox', { name: '第几分钟' });
    expect(minute).toHaveValue('25');
    // An empty note is not added.
    await userEvent.click(within(adder).getByRole('button', { name: '添加' }));
    expect(await within(adder).findByText('请填写记录内容')).toBeInTheDocument();
    await userEvent.type(within(adder).getByRole('textbox', { name: '记录内容' }), '学生回答积极');
    await userEvent.click(within(adder).getByRole('button', { name: '添加' }));
    // One at an earlier minute goes before it; one more is added, then removed.
    await userEvent.clear(minute);
    await userEvent.type(minute, '5');
    await userEvent.type(within(adder).getByRole('textbox', { name: '记录内容' }), '导入新课');
    await userEvent.click(within(adder).getByRole('button', { name: '添加' }));
    await userEvent.type(within(adder).getByRole('textbox', { name: '记录内容' }), '多余的一条');
    await userEvent.click(within(adder).getByRole('button', { name: '添加' }));
    await userEvent.click(within(notes).getByRole('button', { name: '删除记录 3' }));
    const second = within(notes).getByRole('group', { name: '记录 2' });
    expect(within(second).getByRole('textbox', { name: '分钟' })).toHaveValue('25');
    await userEvent.type(within(second).getByRole('textbox', { name: '内容' }), '，板书清晰');

    await userEvent.type(screen.getByRole('textbox', { name: '总评' }), '  节奏合理 ');
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, SAVE)).toEqual([
        {
          id: VISIT_ID,
          scores: [
            { key: 'goals', score: 18 },
            { key: 'content' },
            { key: 'method' },
            { key: 'interaction', score: 15 },
            { key: 'management' },
          ],
          notes: [
            { minute: 5, text: '导入新课' },
            { minute: 25, text: '学生回答积极，板书清晰' },
          ],
          summary: '节奏合理',
        },
      ]),
    );
    expect(await screen.findByText('听课记录已保存')).toBeInTheDocument();
    expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument();
  });

  it('finishes only a complete record, after a confirmation, then shows it read-only', async () => {
    const fetch = recordToolServer();
    renderPage();
    await screen.findByRole('region', { name: '评分' });
    await userEvent.type(scoreField('教学目标'), '18');
    await userEvent.click(screen.getByRole('button', { name: '完成记录' }));
    expect(await screen.findByText('还有未评分的维度或未填写的总评，补全后才能完成记录')).toBeInTheDocument();
    expect(screen.getAllByText('完成前请为此项评分')).toHaveLength(4);
    expect(screen.getByText('完成前请填写总评')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    for (const name of ['教学内容', '教学方法', '课堂互动', '课堂管理']) await userEvent.type(scoreField(name), '16');
    await userEvent.type(screen.getByRole('textbox', { name: '总评' }), '整体不错');
    await userEvent.click(screen.getByRole('button', { name: '完成记录' }));
    let dialog = await screen.findByRole('dialog', { name: '完成听课记录' });
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf(fetch, FINISH)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: '完成记录' }));
    dialog = await screen.findByRole('dialog', { name: '完成听课记录' });
    await userEvent.click(within(dialog).getByRole('button', { name: '完成记录' }));
    expect(await screen.findByText('听课记录已完成')).toBeInTheDocument();
    // Saved first, then finished.
    expect(bodiesOf(fetch, SAVE)).toHaveLength(1);
    expect(bodiesOf(fetch, SAVE)[0]).toMatchObject({ summary: '整体不错', notes: [] });
    expect(bodiesOf(fetch, FINISH)).toEqual([{ id: VISIT_ID }]);
    const callOrder = fetch.mock.calls.map(([u]) => u).filter((u) => u === SAVE || u === FINISH);
    expect(callOrder).toEqual([SAVE, FINISH]);
    expect(await screen.findByRole('table', { name: '各维度得分' })).toBeInTheDocument();
    expect(screen.getByText('已完成')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
  });

  it('keeps the record open when the server refuses to finish it', async () => {
    const fetch = recordToolServer(
      [['POST', FINISH, () => envelope(null, 'A0400', '还有维度未评分：课堂管理', 400)]],
      () => finishedVisit({ status: 0, statusName: '记录中', canEdit: true, finishedAt: 0 }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '完成记录' }));
    const dialog = await screen.findByRole('dialog', { name: '完成听课记录' });
    await userEvent.click(within(dialog).getByRole('button', { name: '完成记录' }));
    expect(await screen.findByText('还有维度未评分：课堂管理')).toBeInTheDocument();
    expect(bodiesOf(fetch, FINISH)).toEqual([{ id: VISIT_ID }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '保存' })).toBeInTheDocument();
    expect(scoreField('教学目标')).toHaveValue('18');
  });

  it("shows a finished visit read-only to the lesson's teacher", async () => {
    const fetch = recordToolServer([], () => finishedVisit());
    renderPage();
    const table = await screen.findByRole('table', { name: '各维度得分' });
    expect(within(table).getByRole('row', { name: '教学目标' })).toHaveTextContent('18 / 20');
    expect(screen.getByRole('status', { name: '总分' })).toHaveTextContent('总分 80 / 100');
    const notes = screen.getByRole('region', { name: '过程记录' });
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['第 3 分钟导入：复习上节课内容', '第 40 分钟小组讨论，气氛活跃']);
    expect(screen.getByRole('region', { name: '总评' })).toHaveTextContent('整体流畅，互动可以再多一些。');
    expect(screen.getByRole('group', { name: '完成时间' })).toHaveTextContent('2026-11-24 11:05');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '完成记录' })).not.toBeInTheDocument();
    expect(bodiesOf(fetch, SAVE)).toEqual([]);
  });

  it('says why a visit cannot be read', async () => {
    recordToolServer([['POST', DETAIL, () => envelope(null, 'A0404', '听课记录不存在或无权查看', 404)]]);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('听课记录不存在或无权查看');
  });
});

describe('听课记录表 saves itself', () => {
  const CONFLICT = '听课记录已完成，或刚被另一处修改，请刷新后再保存';

  /**
   * The clock and timers faked from 09:25:30 of the lesson's day: moved on by the test (the
   * autosave's wait), and with the real time too, which the page's reads and typing take.
   */
  function fakeClock() {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 10, 24, 9, 25, 30));
    return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  }

  const wait = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  const indicator = () => screen.getByRole('status', { name: '保存状态' });
  const summary = () => screen.getByRole('textbox', { name: '总评' });

  /** Whether the browser would ask before the page is closed. */
  const asksBeforeUnload = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

  it('saves quietly three seconds after the last change and says when', async () => {
    const user = fakeClock();
    const fetch = recordToolServer();
    renderPage();
    await screen.findByRole('region', { name: '评分' });
    expect(indicator()).toHaveTextContent('');

    await user.type(summary(), '节奏合理');
    expect(indicator()).toHaveTextContent('有未保存的修改');
    await wait(2_000);
    await user.type(summary(), '，互动充分');
    await wait(1_500);
    // Three seconds after the first change, but not after the last: nothing sent yet.
    expect(bodiesOf(fetch, SAVE)).toEqual([]);
    await wait(1_500);
    await waitFor(() => expect(bodiesOf(fetch, SAVE)).toHaveLength(1));
    expect(bodiesOf(fetch, SAVE)[0]).toEqual({
      id: VISIT_ID,
      scores: SHEET.map((d) => ({ key: d.key })),
      notes: [],
      summary: '节奏合理，互动充分',
    });
    // At 09:25:35, and the real time the test took.
    await waitFor(() => expect(indicator()).toHaveTextContent(/^已自动保存 09:25:[34]\d$/));
    const autosaved = indicator().textContent;
    // Quietly: no toast.
    expect(screen.queryByText('听课记录已保存')).not.toBeInTheDocument();
    // Nothing more to save: no other call however long the page stays open.
    await wait(10_000);
    expect(bodiesOf(fetch, SAVE)).toHaveLength(1);

    // Spaces at the end are no change; a score is.
    await user.type(summary(), '  ');
    expect(indicator()).toHaveTextContent(autosaved);
    await user.type(scoreField('教学目标'), '18');
    expect(indicator()).toHaveTextContent('有未保存的修改');
    // 保存 by hand still saves at once, with its toast.
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('听课记录已保存')).toBeInTheDocument();
    expect(bodiesOf(fetch, SAVE)).toHaveLength(2);
    expect(bodiesOf(fetch, SAVE)[1]).toMatchObject({
      scores: [{ key: 'goals', score: 18 }, ...SHEET.slice(1).map((d) => ({ key: d.key }))],
    });
    expect(indicator()).toHaveTextContent(/^已保存 09:2[56]:\d\d$/);
    await wait(5_000);
    expect(bodiesOf(fetch, SAVE)).toHaveLength(2);
  });

  it('does not save a timeline note being written without its text', async () => {
    const user = fakeClock();
    const fetch = recordToolServer([], () =>
      finishedVisit({ status: 0, statusName: '记录中', canEdit: true, finishedAt: 0 }),
    );
    renderPage();
    const notes = await screen.findByRole('region', { name: '过程记录' });
    await user.clear(
      within(within(notes).getByRole('group', { name: '记录 1' })).getByRole('textbox', { name: '内容' }),
    );
    await wait(5_000);
    expect(bodiesOf(fetch, SAVE)).toEqual([]);
    expect(indicator()).toHaveTextContent('有未保存的修改');
    await user.type(
      within(within(notes).getByRole('group', { name: '记录 1' })).getByRole('textbox', { name: '内容' }),
      '导入',
    );
    await wait(AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(bodiesOf(fetch, SAVE)).toHaveLength(1));
    expect(bodiesOf(fetch, SAVE)[0]!.notes).toEqual([
      { minute: 3, text: '导入' },
      { minute: 40, text: '小组讨论，气氛活跃' },
    ]);
  });

  it('stops on a conflict and says why; 刷新 reads the visit again', async () => {
    const user = fakeClock();
    const fetch = recordToolServer([['POST', SAVE, () => envelope(null, 'A0409', CONFLICT, 409)]]);
    renderPage();
    await screen.findByRole('region', { name: '评分' });
    await user.type(summary(), '节奏合理');
    await wait(AUTOSAVE_DELAY_MS);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('自动保存已停止');
    expect(alert).toHaveTextContent(CONFLICT);
    expect(indicator()).toHaveTextContent('自动保存已停止');
    // The message once, in the page: the autosave shows no toast.
    expect(screen.getAllByText(CONFLICT)).toHaveLength(1);

    // No more autosaves, whatever is typed.
    await user.type(summary(), '，互动充分');
    await wait(10_000);
    expect(bodiesOf(fetch, SAVE)).toHaveLength(1);
    // What was typed is still there, and leaving still asks.
    expect(summary()).toHaveValue('节奏合理，互动充分');
    expect(asksBeforeUnload()).toBe(true);

    await user.click(within(alert).getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(bodiesOf(fetch, DETAIL)).toHaveLength(2));
    // The sheet as the server has it, autosaving again.
    await waitFor(() => expect(summary()).toHaveValue(''));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(indicator()).toHaveTextContent('');
  });

  it('asks before leaving with unsaved changes, by a link or by closing the page', async () => {
    const user = fakeClock();
    const fetch = recordToolServer();
    const router = createMemoryRouter(
      [
        { path: '/recordTool/proceedRecord', element: <ProceedRecord id={VISIT_ID} /> },
        { path: '/recordTool/recordStudentList', element: <p>听课学生页</p> },
      ],
      { initialEntries: [`/recordTool/proceedRecord?id=${VISIT_ID}`] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByRole('region', { name: '评分' });
    expect(asksBeforeUnload()).toBe(false);

    await user.type(summary(), '节奏合理');
    expect(asksBeforeUnload()).toBe(true);
    await user.click(screen.getByRole('link', { name: '听课学生' }));
    let dialog = await screen.findByRole('dialog', { name: '离开此页面？' });
    expect(dialog).toHaveTextContent('听课记录有未保存的修改');
    await user.click(within(dialog).getByRole('button', { name: '留在此页' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/recordTool/proceedRecord');
    expect(summary()).toHaveValue('节奏合理');

    // Once saved, nothing is asked.
    await wait(AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(indicator()).toHaveTextContent('已自动保存'));
    expect(asksBeforeUnload()).toBe(false);

    // Changed again: 离开 leaves without saving.
    await user.type(summary(), '。');
    await user.click(screen.getByRole('link', { name: '听课学生' }));
    dialog = await screen.findByRole('dialog', { name: '离开此页面？' });
    await user.click(within(dialog).getByRole('button', { name: '离开' }));
    expect(await screen.findByText('听课学生页')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?id=${VISIT_ID}`);
    expect(bodiesOf(fetch, SAVE)).toHaveLength(1);
    expect(asksBeforeUnload()).toBe(false);
  });
});
