import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { bodiesOf, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { CAMP_STATS_PATHS } from '../api/statistics';
import { campServer } from '../test-helpers';
import { PaperStatistics, TaskResourceStatistics } from './task-statistics';

const TASK_PAGE = '/knowledgeRepository/training/taskResourceStatistics';
const PAPER_PAGE = '/knowledgeRepository/training/paperStatistics';

// the test DOM lays nothing out, so recharts would draw nothing: the bar chart lists its bars here, as
// the value formatter writes them.
vi.mock('@mantine/charts', () => ({
  BarChart: ({
    data,
    valueFormatter,
  }: {
    data: { question: string; correctRate: number }[];
    valueFormatter: (v: number) => string;
  }) => (
    <ul aria-label="图表数据">
      {data.map((d) => (
        <li key={d.question}>{`${d.question} ${valueFormatter(d.correctRate)}`}</li>
      ))}
    </ul>
  ),
}));

afterEach(() => vi.unstubAllGlobals());

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: TASK_PAGE, element: <TaskResourceStatistics title="任务资源统计" /> },
      { path: PAPER_PAGE, element: <PaperStatistics title="试卷统计" /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const cardTexts = (region: string) =>
  within(screen.getByRole('region', { name: region }))
    .getAllByRole('group')
    .map((g) => `${g.getAttribute('aria-label') ?? ''} ${g.lastElementChild?.textContent ?? ''}`);

describe('任务资源统计', () => {
  it('shows the task’s figures and its members by status; another task from the picker', async () => {
    const { fetch } = campServer();
    const router = renderAt(`${TASK_PAGE}?campId=1&taskId=102`);
    await waitFor(() => expect(cardTexts('任务概览：概念小测')).toContain('平均分 67分'));
    expect(cardTexts('任务概览：概念小测')).toEqual(['学员数 12', '已完成 9', '未完成 3', '完成率 75%', '平均分 67分']);
    expect(screen.getByRole('textbox', { name: '任务' })).toHaveValue('概念小测');
    expect(screen.getByRole('link', { name: '各题正确率' })).toHaveAttribute(
      'href',
      `${PAPER_PAGE}?campId=1&taskId=102`,
    );
    const table = screen.getByRole('table', { name: '学员完成情况' });
    expect(await within(table).findByRole('row', { name: '学员1' })).toHaveTextContent('67分');
    expect(within(table).getByRole('row', { name: '学员2' })).toHaveTextContent('未开始');

    await userEvent.click(screen.getByRole('textbox', { name: '完成状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '已完成' }));
    await waitFor(() => expect(within(table).queryByRole('row', { name: '学员2' })).not.toBeInTheDocument());
    expect(bodiesOf(fetch, CAMP_STATS_PATHS.taskMembers).at(-1)).toEqual({
      campId: 1,
      taskId: 102,
      status: 2,
      pageNo: 1,
      pageSize: 30,
    });

    await userEvent.click(screen.getByRole('textbox', { name: '任务' }));
    await userEvent.click(await screen.findByRole('option', { name: '概念闪卡' }));
    await waitFor(() => expect(router.state.location.search).toBe('?campId=1&taskId=101'));
    await waitFor(() =>
      expect(cardTexts('任务概览：概念闪卡')).toEqual(['学员数 12', '已完成 9', '未完成 3', '完成率 75%']),
    );
    expect(screen.queryByRole('link', { name: '各题正确率' })).not.toBeInTheDocument();
  });

  it('says in place that a task not yet published has no statistics', async () => {
    campServer();
    renderAt(`${TASK_PAGE}?campId=1&taskId=103`);
    expect(await screen.findByText('任务不存在或未发布')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '学员完成情况' })).not.toBeInTheDocument();
  });
});

describe('试卷统计', () => {
  it('shows a question set’s correct rate per question as a chart and a table; only question sets to pick', async () => {
    const { fetch } = campServer();
    renderAt(`${PAPER_PAGE}?campId=1`);
    const chart = await screen.findByRole('list', { name: '图表数据' });
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['第1题 66.7%', '第2题 100%']);
    expect(bodiesOf(fetch, CAMP_STATS_PATHS.taskSummary)).toEqual([{ campId: 1, taskId: 102 }]);
    const table = screen.getByRole('table', { name: '各题统计' });
    const first = within(table).getByRole('row', { name: '第1题' });
    expect(first).toHaveTextContent('f(x)=x² 在 x=1 处的导数是');
    expect(first).toHaveTextContent('66.7%');
    await userEvent.click(screen.getByRole('textbox', { name: '题集' }));
    expect(await screen.findByRole('option', { name: '概念小测' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: '概念闪卡' })).not.toBeInTheDocument();
  });

  it('says so when the task asked for is not a question set', async () => {
    campServer();
    renderAt(`${PAPER_PAGE}?campId=1&taskId=101`);
    expect(await screen.findByText('该任务不是题集或已删除')).toBeInTheDocument();
  });
});
