import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, render, screen, userEvent, within } from '@/testing/test-utils';
import { classPlanServer, draftPlan, PACKAGE_ID, REPORT } from '../test-helpers';
import { PlanReport } from './plan-report';

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderReport = () =>
  render(<PlanReport packageId={PACKAGE_ID} />, { route: `/easyServer/planReport?packageId=${PACKAGE_ID}` });

/** The [label, value] of each figure of a section. */
const figures = (section: string) =>
  within(screen.getByRole('region', { name: section }))
    .getAllByRole('group')
    .map((g) => [g.getAttribute('aria-label'), g.lastElementChild?.textContent]);

describe('规划报告', () => {
  it('shows the plan’s progress, attendance, points and lessons for the family', async () => {
    const fetch = classPlanServer([], {
      stored: { ...draftPlan(), status: 2, confirmedAt: new Date(2026, 9, 31, 9).getTime() },
    });
    renderReport();
    expect(await screen.findByRole('heading', { name: '规划报告' })).toBeInTheDocument();
    expect(bodiesOf(fetch, REPORT)).toEqual([{ packageId: PACKAGE_ID }]);
    expect(screen.getByRole('heading', { name: '高刚平 · 数学一对一6课时包' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '课程目标' })).toHaveTextContent('掌握函数与导数的基本方法');
    expect(screen.getByText('计划于 2026-10-31 09:00 确认')).toBeInTheDocument();

    // 3 of 4 items carried out by the 3 lessons attended (present, late, present) of 4 recorded.
    expect(figures('学习进度')).toEqual([
      ['已完成课次', '3/4'],
      ['完成率', '75%'],
      ['已上/总课时', '3/6'],
      ['剩余课时', '3'],
    ]);
    expect(screen.getByRole('progressbar', { name: '计划完成进度' })).toHaveAttribute('aria-valuenow', '75');
    expect(figures('出勤情况')).toEqual([
      ['出勤', '2'],
      ['迟到', '1'],
      ['缺勤', '1'],
      ['请假', '0'],
      ['出勤率', '75%'],
    ]);
    // Points 111, 112, 121, 122 planned; 111, 112, 121 in the items carried out.
    expect(figures('知识点')).toEqual([
      ['计划知识点', '4'],
      ['已覆盖知识点', '3'],
    ]);

    const timeline = within(screen.getByRole('region', { name: '课程安排' }));
    const lessons = timeline.getAllByRole('listitem');
    expect(lessons.map((l) => l.getAttribute('aria-label'))).toEqual([
      '第 1 次课',
      '第 2 次课',
      '第 3 次课',
      '第 4 次课',
    ]);
    expect(lessons[0]).toHaveTextContent('第 1 次课 · 函数的概念');
    expect(lessons[0]).toHaveTextContent('已上课 2026-10-08');
    expect(lessons[1]).toHaveTextContent('备注：课后练习 10 题');
    expect(lessons[3]).toHaveTextContent('即将上课');
    expect(lessons[3]).toHaveTextContent('知识点：导数的运算、导数的概念');
    expect(lessons.map((l) => l.dataset.state)).toEqual(['done', 'done', 'done', 'next']);

    // The teacher goes back to the plan; 打印 prints the page.
    expect(screen.getByRole('link', { name: '编辑课程计划' })).toHaveAttribute(
      'href',
      `/easyServer/OneOnOneClassPlan?packageId=${PACKAGE_ID}`,
    );
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await userEvent.click(screen.getByRole('button', { name: '打印' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('gives no way to edit to whoever does not teach the package', async () => {
    classPlanServer([], { stored: draftPlan(), patch: { canEdit: false } });
    renderReport();
    expect(await screen.findByRole('heading', { name: '规划报告' })).toBeInTheDocument();
    expect(screen.getByText('计划尚未确认')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '编辑课程计划' })).not.toBeInTheDocument();
  });

  it('says when the package has no plan, with the way to make one', async () => {
    classPlanServer();
    renderReport();
    expect(await screen.findByRole('alert')).toHaveTextContent('该课时包还没有课程计划');
    expect(screen.getByRole('link', { name: '去制定课程计划' })).toHaveAttribute(
      'href',
      `/easyServer/OneOnOneClassPlan?packageId=${PACKAGE_ID}`,
    );
  });
});
