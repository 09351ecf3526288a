import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { defaultDcSearch, toWire } from '../dc-search';
import { resetDcSearch } from '../dc-search-store';
import { dcServer, pageOf, searchOf, traineeRow, trainingExamRow, trainingResultRow } from '../test-helpers';
import { BasicTrainingExamination } from './basic-training-examination';

// the test DOM lays nothing out, so recharts draws nothing: the bars are listed as the chart gets them.
vi.mock('@mantine/charts', () => ({
  BarChart: ({
    data,
    valueFormatter,
  }: {
    data: { exam: string; passRate: number }[];
    valueFormatter: (v: number) => string;
  }) => (
    <ul aria-label="通过率">
      {data.map((d) => (
        <li key={d.exam}>{`${d.exam} ${valueFormatter(d.passRate)}`}</li>
      ))}
    </ul>
  ),
}));

beforeEach(() => resetDcSearch());
afterEach(() => vi.unstubAllGlobals());

const TRAINEES = '/api/training/exam/trainees';
const EXAMS = '/api/training/exam/exams';
const RESULTS = '/api/training/exam/results';

function server() {
  return dcServer([
    [
      'POST',
      TRAINEES,
      pageOf([
        traineeRow(1),
        traineeRow(2, {
          takenCnt: 0,
          passedCnt: 0,
          passRate: 0,
          avgScoreRate: -1,
          maxScoreRate: -1,
          scoreBand: -1,
          lastExamTime: 0,
        }),
      ]),
    ],
    [
      'POST',
      EXAMS,
      pageOf([
        trainingExamRow(3),
        trainingExamRow(2, {
          takenCnt: 0,
          passedCnt: 0,
          takeRate: 0,
          passRate: -1,
          avgScore: -1,
          maxScore: -1,
          minScore: -1,
        }),
        trainingExamRow(1, { passRate: 0.5 }),
      ]),
    ],
    [
      'POST',
      RESULTS,
      pageOf([
        trainingResultRow(1),
        trainingResultRow(2, { score: -1, resultDesc: '缺考', submitTime: 0, usedMinutes: 0 }),
      ]),
    ],
  ]);
}

const bodies = (fetch: ReturnType<typeof dcServer>, path: string) =>
  fetch.mock.calls.filter(([u]) => u === path).map(([, init]) => searchOf(init));

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

const drawn = (table: HTMLElement) =>
  [...table.querySelectorAll<HTMLElement>('thead th[data-accessor]')].map((th) => th.dataset.accessor);

/** The exams search every product type: the lesson filters do not apply to them. */
const SEARCH = toWire({ ...defaultDcSearch(new Date()), productType: ['-1'] }, { pageNo: 1, pageSize: 30 });

/** Chooses `option` in the select labelled `label`. */
async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('textbox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('BasicTrainingExamination', () => {
  it('opens on 学员统计: a trainee per row with the export’s labels, rates as the other screens show them', async () => {
    const fetch = server();
    render(<BasicTrainingExamination exportReport={vi.fn()} />);
    expect(screen.getByRole('heading', { name: '基础训练考试' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '学员统计' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tablist')).toHaveTextContent('学员统计考试统计成绩明细');
    // The exams' filters only: no lesson, product, grade or student filter.
    const filters = screen.getByRole('search', { name: '筛选条件' });
    for (const label of ['老师', '教龄', '项目组', '校区', '财年'])
      expect(within(filters).getByRole('textbox', { name: label })).toBeInTheDocument();
    for (const label of ['产品类型', '产品组', '年级', '学员', '课节时长'])
      expect(within(filters).queryByRole('textbox', { name: label })).not.toBeInTheDocument();

    const table = await screen.findByRole('table', { name: '基础训练考试学员统计' });
    const first = await within(table).findByRole('row', { name: '新老师1' });
    expect(bodies(fetch, TRAINEES)).toEqual([SEARCH]);
    expect(drawn(table)).toEqual([
      'teacherName',
      'teacherEmail',
      'schoolName',
      'subjectName',
      'teachingAge',
      'companyAge',
      'examCnt',
      'takenCnt',
      'passedCnt',
      'passRate',
      'avgScoreRate',
      'maxScoreRate',
      'scoreBand',
      'lastExamTime',
    ]);
    expect(within(table).getByText('学员（老师）')).toBeInTheDocument();
    expect(within(table).getByText('平均得分率（%）')).toBeInTheDocument();
    await waitFor(() => expect(cells(first)[12]).toBe('61-70%'));
    expect(cells(first)).toEqual([
      '新老师1',
      'new1@demo.eduhub',
      '海淀校区',
      '数学',
      '1,200',
      '180',
      '4',
      '3',
      '2',
      '50.00%',
      '64.50%',
      '81.33%',
      '61-70%',
      '2026-03-10 15:05',
    ]);
    // Sat none: no score rates ('/'), no band and no last exam ('-').
    expect(cells(within(table).getByRole('row', { name: '新老师2' })).slice(9)).toEqual(['0.00%', '/', '/', '-', '-']);
  });

  it('sends the teaching age and project team chosen, sorts on the server and exports without the score band', async () => {
    const fetch = server();
    const exportReport = vi.fn();
    render(<BasicTrainingExamination exportReport={exportReport} />);
    const table = await screen.findByRole('table', { name: '基础训练考试学员统计' });
    await within(table).findByRole('row', { name: '新老师1' });

    await choose('教龄', '1-3年');
    await choose('项目组', '项目组二');
    await userEvent.type(screen.getByRole('textbox', { name: '老师' }), 'new1');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodies(fetch, TRAINEES).at(-1)).toEqual({
        ...SEARCH,
        teacherTeachTime: 2,
        projectGroup: 2,
        teacherEmail: 'new1',
      }),
    );

    await userEvent.click(within(table).getByText('平均得分率（%）'));
    await waitFor(() => expect(bodies(fetch, TRAINEES).at(-1)?.sortInfo).toEqual({ field: 'avgScoreRate', asc: true }));
    // 最高得分率 is not sorted by the server.
    const reads = bodies(fetch, TRAINEES).length;
    await userEvent.click(within(table).getByText('最高得分率（%）'));
    expect(bodies(fetch, TRAINEES)).toHaveLength(reads);

    await userEvent.click(screen.getByRole('button', { name: '导出基础训练考试学员统计' }));
    const request = exportReport.mock.calls[0]![0] as { reqParams: Record<string, unknown> };
    expect(request).toMatchObject({
      excelType: 'trainingTrainees',
      businessName: '基础训练考试学员统计',
      total: 2,
    });
    expect(request.reqParams).toMatchObject({
      projectGroup: 2,
      teacherTeachTime: 2,
      sortInfo: { field: 'avgScoreRate', asc: true },
    });
    const columns = request.reqParams.columns as string[];
    expect(columns).toEqual(drawn(table).filter((c) => c !== 'scoreBand'));
    expect(columns).toContain('lastExamTime');
  });

  it('lists the exams under 考试统计 with their pass rates as bars, and no export', async () => {
    const fetch = server();
    render(<BasicTrainingExamination exportReport={vi.fn()} />);
    await screen.findByRole('table', { name: '基础训练考试学员统计' });
    await userEvent.click(screen.getByRole('tab', { name: '考试统计' }));
    const table = await screen.findByRole('table', { name: '基础训练考试考试统计' });
    const latest = await within(table).findByRole('row', { name: '入职培训考试（第3期）' });
    expect(cells(latest)).toEqual([
      '入职培训考试（第3期）',
      '入职培训',
      '全学科',
      '2026-03-10 14:00',
      '100',
      '60',
      '10',
      '8',
      '6',
      '80.00%',
      '75.00%',
      '68.25',
      '95',
      '41',
    ]);
    // Nobody sat: the pass rate has no base ('/'), no scores ('-').
    expect(cells(within(table).getByRole('row', { name: '入职培训考试（第2期）' })).slice(9)).toEqual([
      '0.00%',
      '/',
      '-',
      '-',
      '-',
    ]);
    // The chart and the table read the exams once.
    expect(bodies(fetch, EXAMS)).toEqual([SEARCH]);
    const bars = screen.getByRole('list', { name: '通过率' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['入职培训考试（第1期） 50.00%', '入职培训考试（第3期） 75.00%']);
    expect(screen.queryByRole('button', { name: '导出基础训练考试考试统计' })).not.toBeInTheDocument();

    const reads = bodies(fetch, EXAMS).length;
    await userEvent.click(within(table).getByText('通过率'));
    expect(bodies(fetch, EXAMS)).toHaveLength(reads);
  });

  it('shows each result under 成绩明细, an absent trainee’s score as -, and sorts by the score', async () => {
    const fetch = server();
    const exportReport = vi.fn();
    render(<BasicTrainingExamination exportReport={exportReport} />);
    await screen.findByRole('table', { name: '基础训练考试学员统计' });
    await userEvent.click(screen.getByRole('tab', { name: '成绩明细' }));
    const table = await screen.findByRole('table', { name: '基础训练考试成绩明细' });
    const passed = await within(table).findByRole('row', { name: '新老师1 入职培训考试（第1期）' });
    expect(bodies(fetch, RESULTS)).toEqual([SEARCH]);
    expect(cells(passed)).toEqual([
      '入职培训考试（第1期）',
      '入职培训',
      '2026-03-10 14:00',
      '新老师1',
      'new1@demo.eduhub',
      '海淀校区',
      '72',
      '100',
      '已通过',
      '2026-03-10 14:41',
      '41',
    ]);
    expect(cells(within(table).getByRole('row', { name: '新老师2 入职培训考试（第1期）' })).slice(6)).toEqual([
      '-',
      '100',
      '缺考',
      '-',
      '-',
    ]);

    await userEvent.click(within(table).getByText('得分'));
    await waitFor(() => expect(bodies(fetch, RESULTS).at(-1)?.sortInfo).toEqual({ field: 'score', asc: true }));
    await userEvent.click(screen.getByRole('button', { name: '导出基础训练考试成绩明细' }));
    expect(exportReport.mock.calls[0]![0]).toMatchObject({
      excelType: 'trainingResults',
      businessName: '基础训练考试成绩明细',
      reqParams: { sortInfo: { field: 'score', asc: true }, columns: drawn(table) },
      total: 2,
    });
  });
});
