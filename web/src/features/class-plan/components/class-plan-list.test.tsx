import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, jsonBody, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { classPlanServer, PACKAGES, planPackage } from '../test-helpers';
import { ClassPlanList } from './class-plan-list';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PACKAGES_LISTED = [
  planPackage({ planStatus: 1, planStatusName: '草稿', plannedItems: 8, doneItems: 3 }),
  planPackage({
    packageId: 2,
    code: 'KB10010000101',
    name: '物理一对一20课时包',
    subject: 56,
    studentId: 20,
    studentCode: 'ST100100007',
    studentName: '胡丽',
    grade: '初二',
    totalLessons: 22,
    usedLessons: 0,
  }),
];

const renderList = () => render(<ClassPlanList title="一对一课程计划" />, { route: '/easyServer/OneOnOneClassPlan' });

describe('一对一课程计划: the packages', () => {
  it('lists my one-on-one packages with their plans’ status and progress, each opening its plan', async () => {
    const fetch = classPlanServer([], { packages: PACKAGES_LISTED });
    renderList();
    expect(screen.getByRole('heading', { name: '一对一课程计划' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '一对一课时包' });
    const first = await within(table).findByRole('row', { name: '高刚平 KB10010001722' });
    // The subject as the content dictionary names it.
    await waitFor(() => expect(within(first).getByText('数学')).toBeInTheDocument());
    const cells = within(first)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 9)).toEqual([
      '高刚平',
      'ST100100061',
      'KB10010001722',
      '数学一对一6课时包',
      '数学',
      '张老师',
      '3/6',
      '草稿',
      '3/8',
    ]);
    expect(within(first).getByRole('link', { name: '高刚平' })).toHaveAttribute(
      'href',
      '/easyServer/OneOnOneClassPlan?packageId=23',
    );
    expect(within(first).getByRole('link', { name: '课程计划 高刚平 KB10010001722' })).toHaveTextContent('查看计划');
    expect(within(first).getByRole('link', { name: '规划报告 高刚平 KB10010001722' })).toHaveAttribute(
      'href',
      '/easyServer/planReport?packageId=23',
    );

    // A package without a plan: no progress, no report yet.
    const second = within(table).getByRole('row', { name: '胡丽 KB10010000101' });
    expect(within(second).getByText('物理')).toBeInTheDocument();
    expect(within(second).getByText('未制定')).toBeInTheDocument();
    expect(within(second).getByText('0/22')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: '课程计划 胡丽 KB10010000101' })).toHaveTextContent('制定计划');
    expect(within(second).queryByRole('link', { name: /规划报告/ })).not.toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(bodiesOf(fetch, PACKAGES)).toEqual([{ keyword: '', status: -1 }]);
  });

  it('searches by keyword and plan status', async () => {
    const fetch = classPlanServer([
      [
        'POST',
        PACKAGES,
        (_url, init) => {
          const { status } = jsonBody(init) as { status: number };
          return envelope(status === 0 ? [PACKAGES_LISTED[1]] : PACKAGES_LISTED);
        },
      ],
    ]);
    renderList();
    const table = await screen.findByRole('table', { name: '一对一课时包' });
    await within(table).findByRole('row', { name: '高刚平 KB10010001722' });

    await userEvent.click(screen.getByRole('textbox', { name: '计划状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '未制定' }));
    await waitFor(() => expect(within(table).queryByRole('row', { name: '高刚平 KB10010001722' })).toBeNull());
    expect(within(table).getByRole('row', { name: '胡丽 KB10010000101' })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: '关键词' }), ' 胡丽 {Enter}');
    await waitFor(() =>
      expect(bodiesOf(fetch, PACKAGES)).toEqual([
        { keyword: '', status: -1 },
        { keyword: '', status: 0 },
        { keyword: '胡丽', status: 0 },
      ]),
    );
  });

  it('says when there are none, and why they could not be read', async () => {
    classPlanServer([], { packages: [] });
    const { unmount } = renderList();
    expect(await screen.findByText('暂无一对一课时包')).toBeInTheDocument();
    unmount();
    classPlanServer([['POST', PACKAGES, () => envelope(null, 'A0300', '无权访问', 403)]]);
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('无权访问');
  });
});
