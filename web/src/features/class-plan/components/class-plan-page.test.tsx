import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { CONFIRM, classPlanServer, DETAIL, draftPlan, KNOWLEDGE, PACKAGE_ID, planOf, SAVE } from '../test-helpers';
import { ClassPlanPage } from './class-plan-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = `/easyServer/OneOnOneClassPlan?packageId=${PACKAGE_ID}`;

const renderPage = () => render(<ClassPlanPage packageId={PACKAGE_ID} />, { route: PATH });

const fact = (label: string) => screen.getByRole('group', { name: label });
const item = (n: number) => screen.getByRole('listitem', { name: `第 ${n} 次课` });
const items = () => within(screen.getByRole('list', { name: '课次' })).queryAllByRole('listitem');
const titleOf = (n: number) => within(item(n)).getByRole('textbox', { name: '课程内容' });
const goal = () => screen.getByRole('textbox', { name: '课程目标' });

/** Picks a knowledge point for item `n` from the atlas. */
async function pickPoint(n: number, name: string) {
  await userEvent.click(within(item(n)).getByRole('textbox', { name: '知识点' }));
  await userEvent.click(await screen.findByRole('option', { name }));
  await userEvent.keyboard('{Escape}');
}

describe('一对一课程计划 of a package', () => {
  it('writes a new plan — goal, items in order with knowledge points — and saves it whole', async () => {
    const fetch = classPlanServer();
    renderPage();
    expect(await screen.findByRole('heading', { name: '高刚平 · 数学一对一6课时包' })).toBeInTheDocument();
    expect(bodiesOf(fetch, DETAIL)).toEqual([{ packageId: PACKAGE_ID }]);
    expect(fact('已上/总课时')).toHaveTextContent('3/6');
    expect(fact('老师')).toHaveTextContent('张老师');
    await waitFor(() => expect(fact('学科')).toHaveTextContent('数学'));
    expect(screen.getByText('未制定')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '规划报告' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '确认计划' })).toBeDisabled();
    expect(screen.getByText('还没有安排课次，可逐次添加，或按课时数生成。')).toBeInTheDocument();
    // The atlas of 高一's stage: senior high.
    await waitFor(() => expect(bodiesOf(fetch, KNOWLEDGE)).toEqual([{ subject: 54, stage: 4 }]));

    await userEvent.type(goal(), '掌握函数与导数');
    await userEvent.click(screen.getByRole('button', { name: '添加一次课' }));
    await userEvent.click(screen.getByRole('button', { name: '添加一次课' }));
    await userEvent.type(titleOf(1), '函数的概念');
    await userEvent.type(titleOf(2), '导数的概念');
    await pickPoint(1, '函数的概念与表示');
    await pickPoint(1, '函数的单调性与最值');
    expect(screen.getByRole('button', { name: '上移第 1 次课' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '下移第 1 次课' }));
    expect(titleOf(1)).toHaveValue('导数的概念');
    expect(titleOf(2)).toHaveValue('函数的概念');
    expect(within(item(2)).getByText('函数的单调性与最值')).toBeInTheDocument();
    await userEvent.type(within(item(2)).getByRole('textbox', { name: '备注' }), '课后练习 10 题');

    // Made up to the package's 6 lessons; the first three were carried out by the lessons attended.
    await userEvent.click(screen.getByRole('button', { name: '按课时数生成' }));
    expect(items()).toHaveLength(6);
    expect(screen.getByRole('button', { name: '添加一次课' })).toBeDisabled();
    expect(screen.getByText('已达课时包的课次数（6）')).toBeInTheDocument();
    expect(within(item(1)).getByText('已上课 2026-10-08 出勤')).toBeInTheDocument();
    expect(within(item(2)).getByText('已上课 2026-10-22 迟到')).toBeInTheDocument();
    expect(within(item(3)).getByText('已上课 2026-10-29 出勤')).toBeInTheDocument();
    expect(within(item(4)).getByText('未上课')).toBeInTheDocument();
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

    // Empty items are not sent.
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('还有未填写课程内容的课次')).toBeInTheDocument();
    expect(screen.getAllByText('请填写课程内容')).toHaveLength(4);
    expect(bodiesOf(fetch, SAVE)).toEqual([]);
    for (let i = 0; i < 3; i += 1) await userEvent.click(screen.getByRole('button', { name: '删除第 4 次课' }));
    await userEvent.type(titleOf(3), '导数的运算');
    expect(items()).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('课程计划已保存')).toBeInTheDocument();
    expect(bodiesOf(fetch, SAVE)).toEqual([
      {
        packageId: PACKAGE_ID,
        goal: '掌握函数与导数',
        items: [
          { title: '导数的概念', pointIds: [], note: '' },
          { title: '函数的概念', pointIds: [111, 112], note: '课后练习 10 题' },
          { title: '导数的运算', pointIds: [], note: '' },
        ],
        updatedAt: 0,
      },
    ]);
    expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument();
    expect(screen.getByText('草稿')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '规划报告' })).toHaveAttribute(
      'href',
      `/easyServer/planReport?packageId=${PACKAGE_ID}`,
    );
    expect(fact('计划进度')).toHaveTextContent('3/3');
    expect(screen.getByRole('button', { name: '确认计划' })).toBeEnabled();
  });

  it('confirms a draft after asking, then saves it again as confirmed', async () => {
    const fetch = classPlanServer([], { stored: draftPlan() });
    renderPage();
    await screen.findByRole('list', { name: '课次' });
    expect(screen.getByText('草稿')).toBeInTheDocument();
    // 确认计划 asks first.
    await userEvent.click(screen.getByRole('button', { name: '确认计划' }));
    let dialog = await screen.findByRole('dialog', { name: '确认课程计划' });
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf(fetch, CONFIRM)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '确认计划' }));
    dialog = await screen.findByRole('dialog', { name: '确认课程计划' });
    await userEvent.click(within(dialog).getByRole('button', { name: '确认计划' }));
    expect(await screen.findByText('课程计划已确认')).toBeInTheDocument();
    expect(bodiesOf(fetch, CONFIRM)).toEqual([{ packageId: PACKAGE_ID }]);
    expect(screen.getByText('已确认')).toBeInTheDocument();
    expect(fact('确认时间')).toHaveTextContent('2026-11-02 09:01');
    expect(screen.queryByRole('button', { name: '确认计划' })).not.toBeInTheDocument();

    // A confirmed plan is changed with the time it was confirmed at.
    await userEvent.type(goal(), '，期末提高 15 分');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('课程计划已保存')).toBeInTheDocument();
    expect(bodiesOf(fetch, SAVE)).toHaveLength(1);
    expect(bodiesOf(fetch, SAVE)[0]).toMatchObject({
      goal: '掌握函数与导数的基本方法，期末提高 15 分',
      updatedAt: new Date(2026, 10, 2, 9, 1).getTime(),
    });
    expect(screen.getByText('已确认')).toBeInTheDocument();
  });

  it('shows a stored plan with the lessons that carried it out', async () => {
    classPlanServer([], { stored: draftPlan() });
    renderPage();
    await screen.findByRole('list', { name: '课次' });
    expect(goal()).toHaveValue('掌握函数与导数的基本方法');
    expect(items()).toHaveLength(4);
    expect(titleOf(2)).toHaveValue('函数的单调性');
    expect(within(item(2)).getByText('函数的单调性与最值')).toBeInTheDocument();
    expect(within(item(2)).getByRole('textbox', { name: '备注' })).toHaveValue('课后练习 10 题');
    expect(within(item(4)).getByText('导数的运算')).toBeInTheDocument();
    expect(within(item(4)).getByText('导数的概念')).toBeInTheDocument();
    expect(within(item(3)).getByText('已上课 2026-10-29 出勤')).toBeInTheDocument();
    expect(within(item(4)).getByText('未上课')).toBeInTheDocument();
    expect(fact('计划进度')).toHaveTextContent('3/4');
    expect(screen.getByRole('button', { name: '确认计划' })).toBeEnabled();
    expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument();

    // A moved item takes the lesson of its new place.
    await userEvent.click(screen.getByRole('button', { name: '上移第 4 次课' }));
    expect(titleOf(3)).toHaveValue('导数的运算');
    expect(within(item(3)).getByText('已上课 2026-10-29 出勤')).toBeInTheDocument();
    expect(within(item(4)).getByText('未上课')).toBeInTheDocument();
    // Confirming waits for the change to be saved.
    expect(screen.getByRole('button', { name: '确认计划' })).toBeDisabled();
  });

  it('tells the teacher to refresh when the plan changed elsewhere, and reads it again', async () => {
    let saves = 0;
    const fetch = classPlanServer(
      [
        [
          'POST',
          SAVE,
          () => {
            saves += 1;
            return envelope(null, 'A0409', '课程计划刚被另一处修改，请刷新后再保存', 409);
          },
        ],
        [
          'POST',
          DETAIL,
          () =>
            envelope(
              planOf(
                saves > 0
                  ? { ...draftPlan(), goal: '另一处写的目标', updatedAt: draftPlan().updatedAt + 5 }
                  : draftPlan(),
              ),
            ),
        ],
      ],
      { stored: draftPlan() },
    );
    renderPage();
    await screen.findByRole('list', { name: '课次' });
    await userEvent.clear(goal());
    await userEvent.type(goal(), '我的目标');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('课程计划刚被另一处修改，请刷新后再保存');
    expect(bodiesOf(fetch, SAVE)[0]).toMatchObject({ goal: '我的目标', updatedAt: draftPlan().updatedAt });
    expect(goal()).toHaveValue('我的目标');
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(goal()).toHaveValue('另一处写的目标'));
    expect(bodiesOf(fetch, DETAIL)).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument();
  });

  it('shows the plan read-only to whoever does not teach the package', async () => {
    classPlanServer([], { stored: { ...draftPlan(), status: 2, confirmedAt: 1 }, patch: { canEdit: false } });
    renderPage();
    const list = await screen.findByRole('list', { name: '课次' });
    expect(screen.getByRole('region', { name: '课程目标' })).toHaveTextContent('掌握函数与导数的基本方法');
    const second = within(list).getByRole('listitem', { name: '第 2 次课' });
    expect(second).toHaveTextContent('函数的单调性');
    expect(second).toHaveTextContent('已上课 2026-10-22 迟到');
    expect(within(second).getByRole('group', { name: '知识点' })).toHaveTextContent('函数的单调性与最值');
    expect(second).toHaveTextContent('备注：课后练习 10 题');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '规划报告' })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    classPlanServer([], { stored: draftPlan() });
    const router = createMemoryRouter(
      [
        { path: '/easyServer/OneOnOneClassPlan', element: <ClassPlanPage packageId={PACKAGE_ID} /> },
        { path: '/easyServer/planReport', element: <p>规划报告页</p> },
      ],
      { initialEntries: [PATH] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByRole('list', { name: '课次' });
    await userEvent.type(goal(), '。');
    await userEvent.click(screen.getByRole('link', { name: '规划报告' }));
    let dialog = await screen.findByRole('dialog', { name: '离开此页面？' });
    expect(dialog).toHaveTextContent('课程计划有未保存的修改');
    await userEvent.click(within(dialog).getByRole('button', { name: '留在此页' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/easyServer/OneOnOneClassPlan');
    expect(goal()).toHaveValue('掌握函数与导数的基本方法。');

    await userEvent.click(screen.getByRole('link', { name: '规划报告' }));
    dialog = await screen.findByRole('dialog', { name: '离开此页面？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '离开' }));
    expect(await screen.findByText('规划报告页')).toBeInTheDocument();
  });

  it('says why a package cannot be read', async () => {
    classPlanServer([['POST', DETAIL, () => envelope(null, 'A0404', '课时包不存在或无权查看', 404)]]);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('课时包不存在或无权查看');
  });
});
