import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedbackStatRow } from '@/generated/FeedbackStatRow';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { defaultDcSearch, toWire } from '../dc-search';
import { resetDcSearch } from '../dc-search-store';
import { dcServer, feedbackDetailRow, feedbackStatRow, pageOf, searchOf } from '../test-helpers';
import { FeedbackStatistics } from './feedback-statistics';

beforeEach(() => resetDcSearch());
afterEach(() => vi.unstubAllGlobals());

const DETAIL = '/api/feedback/statistics/detail';
const PROJECT = '/api/feedback/statistics/project';
const TEACHER = '/api/feedback/statistics/teacher';

/** A statistics page as the server answers it: the rows and the totals over all of them. */
function statPage(rows: FeedbackStatRow[], summary: FeedbackStatRow) {
  return (url: URL, init?: RequestInit) => {
    const page = pageOf(rows)(url, init) as Response;
    return page.json().then((body: { data: object }) => envelope({ ...body.data, summary }));
  };
}

const totals = feedbackStatRow(0, '', {
  shouldReportCount: 1000,
  createReportCount: 800,
  totalCreateReportRate: 0.8,
  totalOpenReportRate: -1,
});

function server() {
  return dcServer([
    [
      'POST',
      DETAIL,
      pageOf([feedbackDetailRow(1), feedbackDetailRow(2, { reportId: 0, createTime: 0, isCreateDesc: '否' })]),
    ],
    ['POST', PROJECT, statPage([feedbackStatRow(1, '培优项目'), feedbackStatRow(2, '精品项目')], totals)],
    [
      'POST',
      TEACHER,
      statPage(
        [
          feedbackStatRow(101, '王老师', { email: 'wang@demo.eduhub', schoolName: '海淀校区' }),
          feedbackStatRow(102, '李老师', {
            email: 'li@demo.eduhub',
            schoolName: '朝阳校区',
            totalOpenReportRate: 0.3333,
          }),
        ],
        totals,
      ),
    ],
  ]);
}

const bodies = (fetch: ReturnType<typeof dcServer>, path: string) =>
  fetch.mock.calls.filter(([u]) => u === path).map(([, init]) => searchOf(init));

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

/** Chooses `option` in the select labelled `label`. */
async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('textbox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('FeedbackStatistics', () => {
  it('reads the due reports in 明细, narrowed by whether a report was sent and created within 24 hours', async () => {
    const fetch = server();
    render(<FeedbackStatistics exportReport={vi.fn()} />);
    expect(screen.getByRole('heading', { name: '反馈统计' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '反馈明细' });
    const missing = await within(table).findByRole('row', { name: '学员2 2026-03-02 09:00–10:30' });
    expect(cells(missing).slice(0, 10)).toEqual([
      '2026-03-02 09:00–10:30',
      'S0002',
      '学员2',
      '高一数学培优班',
      '数学',
      '海淀校区',
      '王老师',
      '否',
      '-',
      '是',
    ]);
    const search = toWire(defaultDcSearch(new Date()), { pageNo: 1, pageSize: 30 });
    expect(bodies(fetch, DETAIL)).toEqual([search]);

    await choose('是否发送反馈报告', '否');
    await choose('是否24小时内生成', '是');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodies(fetch, DETAIL).at(-1)).toMatchObject({ isSendFeedbackReport: 0, isCreateIn24h: 1, pageNo: 1 }),
    );

    await userEvent.click(within(table).getByText('报告生成时间'));
    await waitFor(() => expect(bodies(fetch, DETAIL).at(-1)?.sortInfo).toEqual({ field: 'createTime', asc: true }));
    await userEvent.click(within(table).getByText('学员编号'));
    await waitFor(() => expect(bodies(fetch, DETAIL).at(-1)?.sortInfo).toEqual({ field: 'studentCode', asc: true }));
  });

  it('draws the totals first in 老师, sorts by the rates and exports the teachers', async () => {
    const fetch = server();
    const exportReport = vi.fn();
    render(<FeedbackStatistics exportReport={exportReport} />);
    await screen.findByRole('table', { name: '反馈明细' });
    // A filter set of 明细 does not narrow the statistics, where it is not shown.
    await choose('是否发送反馈报告', '是');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(fetch, DETAIL).at(-1)).toMatchObject({ isSendFeedbackReport: 1 }));

    await userEvent.click(screen.getByRole('tab', { name: '老师' }));
    const table = await screen.findByRole('table', { name: '反馈老师统计' });
    await within(table).findByRole('row', { name: '王老师' });
    expect(screen.queryByRole('textbox', { name: '是否发送反馈报告' })).not.toBeInTheDocument();
    expect(bodies(fetch, TEACHER)).toEqual([toWire(defaultDcSearch(new Date()), { pageNo: 1, pageSize: 30 })]);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['合计', '王老师', '李老师']);
    expect(rows[0]).toHaveAttribute('data-summary', 'true');
    expect(cells(rows[0]!)).toEqual([
      '合计',
      '-',
      '-',
      '1,000',
      '800',
      '60',
      '20',
      '70',
      '35',
      '80.00%',
      '60.00%',
      '25.00%',
      '87.50%',
      '/',
    ]);
    expect(within(rows[0]!).getByText('1,000')).toHaveStyle({ fontWeight: '700' });
    expect(within(rows[1]!).getAllByText('100')[0]).not.toHaveStyle({ fontWeight: '700' });
    expect(cells(rows[2]!).slice(0, 3)).toEqual(['李老师', 'li@demo.eduhub', '朝阳校区']);
    expect(cells(rows[2]!).at(-1)).toBe('33.33%');

    await userEvent.click(within(table).getByText('打开率'));
    await waitFor(() =>
      expect(bodies(fetch, TEACHER).at(-1)?.sortInfo).toEqual({ field: 'totalOpenReportRate', asc: true }),
    );
    await userEvent.click(within(table).getByText('应出报告数'));
    await waitFor(() =>
      expect(bodies(fetch, TEACHER).at(-1)?.sortInfo).toEqual({ field: 'shouldReportCount', asc: true }),
    );

    await userEvent.click(screen.getByRole('button', { name: '导出反馈老师统计' }));
    const request = exportReport.mock.calls[0]![0] as { reqParams: Record<string, unknown> };
    expect(request).toMatchObject({ excelType: 'feedbackTeacher', businessName: '反馈老师统计', total: 2 });
    expect(request.reqParams).toMatchObject({ sortInfo: { field: 'shouldReportCount', asc: true } });
    expect(request.reqParams).not.toHaveProperty('isSendFeedbackReport');
  });

  it('shows projects with their totals, without a teacher’s columns and without an export', async () => {
    const fetch = server();
    render(<FeedbackStatistics exportReport={vi.fn()} />);
    await screen.findByRole('table', { name: '反馈明细' });
    expect(bodies(fetch, PROJECT)).toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: '项目' }));
    const table = await screen.findByRole('table', { name: '反馈项目统计' });
    await within(table).findByRole('row', { name: '培优项目' });
    expect(within(table).getByRole('row', { name: '合计' })).toHaveTextContent('1,000');
    const drawn = [...table.querySelectorAll<HTMLElement>('thead th[data-accessor]')].map((th) => th.dataset.accessor);
    expect(drawn.slice(0, 2)).toEqual(['name', 'shouldReportCount']);
    expect(drawn).not.toContain('email');
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^导出反馈/ })).not.toBeInTheDocument();
  });
});
