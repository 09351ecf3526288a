import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDcSearch, setDcSubjects } from '@/features/datacentre/dc-search-store';
import { lastSevenDays } from '@/lib/day-range';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { bodies, statPage, workTaskServer } from '../../test-helpers';
import { resetWorkTaskSearch } from '../../work-task-search-store';
import { WorkTaskStatistics } from './work-task-statistics';

// the test DOM lays nothing out, so recharts draws nothing: the bars are listed as the chart gets them.
vi.mock('@mantine/charts', () => ({
  BarChart: ({
    data,
    valueFormatter,
  }: {
    data: { name: string; doneRate: number | null; qualifiedRate: number | null }[];
    valueFormatter: (v: number) => string;
  }) => (
    <ul aria-label="各组比率">
      {data.map((d) => (
        <li
          key={d.name}
        >{`${d.name} ${valueFormatter(d.doneRate ?? NaN)} ${valueFormatter(d.qualifiedRate ?? NaN)}`}</li>
      ))}
    </ul>
  ),
}));

beforeEach(() => {
  resetWorkTaskSearch();
  resetDcSearch();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/workTask/statistics';

function server() {
  return workTaskServer([['POST', PATH, () => envelope(statPage())]]);
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

async function renderTable(name: string) {
  render(<WorkTaskStatistics />);
  const table = await screen.findByRole('table', { name });
  await within(table).findByRole('row', { name: '李学管' });
  return table;
}

describe('工作任务统计', () => {
  it('shows the groups under the 合计 row with the rates as percentages', async () => {
    const fetch = server();
    const table = await renderTable('工作任务统计（按执行人）');
    const [first, last] = lastSevenDays(new Date());
    expect(bodies(fetch, PATH)[0]).toEqual({
      schoolId: -1,
      areaCodes: [],
      subjects: [],
      beginTimeStart: first,
      beginTimeEnd: last,
      statType: 'executor',
      pageNo: 1,
      pageSize: 30,
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveAttribute('data-summary', 'true');
    // 执行人, 学校, 任务数, 已完成, 按时完成, 逾期, 已质检, 合格, 不合格, 完成率, 按时完成率, 质检率, 合格率.
    expect(cellTexts(rows[0]!)).toEqual([
      '合计',
      '-',
      '12',
      '8',
      '6',
      '5',
      '4',
      '3',
      '1',
      '80.00%',
      '75.00%',
      '50.00%',
      '75.00%',
    ]);
    expect(cellTexts(within(table).getByRole('row', { name: '赵顾问' }))).toEqual([
      '赵顾问',
      '海淀校区',
      '2',
      '0',
      '0',
      '2',
      '0',
      '0',
      '0',
      '0.00%',
      '/',
      '/',
      '/',
    ]);
    const bars = within(screen.getByRole('region', { name: '完成率与合格率' })).getByRole('list', { name: '各组比率' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['李学管 80.00% 75.00%', '赵顾问 0.00% /']);

    await userEvent.click(within(table).getByText('完成率'));
    await waitFor(() =>
      expect(bodies(fetch, PATH).at(-1)).toMatchObject({ sortInfo: { field: 'doneRate', asc: true }, pageNo: 1 }),
    );
    await userEvent.click(screen.getByRole('radio', { name: '环节' }));
    const steps = await screen.findByRole('table', { name: '工作任务统计（按环节）' });
    await waitFor(() => expect(bodies(fetch, PATH).at(-1)).toMatchObject({ statType: 'step', pageNo: 1 }));
    expect(bodies(fetch, PATH).at(-1)).not.toHaveProperty('sortInfo');
    expect(steps.querySelector('thead th[data-accessor="name"]')).toHaveTextContent('环节');
  });

  it("sends the filters, the grouping and the header's subjects", async () => {
    const fetch = server();
    setDcSubjects([54, 56]);
    await renderTable('工作任务统计（按执行人）');
    await userEvent.click(screen.getByRole('radio', { name: '校区' }));
    await screen.findByRole('table', { name: '工作任务统计（按校区）' });
    const bar = screen.getByRole('search', { name: '筛选条件' });
    await userEvent.click(within(bar).getByRole('textbox', { name: '环节' }));
    await userEvent.click(await screen.findByRole('option', { name: '课后反馈' }));
    await userEvent.click(within(bar).getByRole('textbox', { name: '执行角色' }));
    await userEvent.click(await screen.findByRole('option', { name: '老师' }));
    await userEvent.click(within(bar).getByRole('textbox', { name: '校区' }));
    await userEvent.click(await screen.findByRole('option', { name: '中关村' }));
    await userEvent.type(within(bar).getByRole('textbox', { name: '执行人' }), '王{Enter}');
    await waitFor(() =>
      expect(bodies(fetch, PATH).at(-1)).toMatchObject({
        areaCodes: ['A-1'],
        subjects: [54, 56],
        stepCode: 'feedback',
        executorRole: 'teacher',
        teacherEmail: '王',
        statType: 'school',
        pageNo: 1,
      }),
    );
  });
});
