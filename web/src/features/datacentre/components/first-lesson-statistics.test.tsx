import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirstStatRow } from '@/generated/FirstStatRow';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import type { FirstGrouping } from '../columns/first-lesson-columns';
import { defaultDcSearch, toWire } from '../dc-search';
import { resetDcSearch } from '../dc-search-store';
import { FIRST_CONSULTANT, FIRST_TEACHER, FIRST_WHOLE } from '../first-lesson-reports';
import { dcServer, firstDetailRow, firstStatRow, pageOf, searchOf } from '../test-helpers';
import { FirstLessonStatistics } from './first-lesson-statistics';

beforeEach(() => resetDcSearch());
afterEach(() => vi.unstubAllGlobals());

const WHOLE_STAT = '/api/firstLesson/whole/statistics';
const WHOLE_DETAIL = '/api/firstLesson/whole/detail';
const TEACHER_STAT = '/api/firstLesson/teacher/statistics';
const CONSULTANT_DETAIL = '/api/firstLesson/consultant/detail';

/** The rows of each grouping. */
const ROWS: Partial<Record<FirstGrouping, FirstStatRow[]>> = {
  areaSchoolRank: [
    firstStatRow({ rank: 1, schoolName: '海淀校区' }),
    firstStatRow({ rank: 2, schoolName: '朝阳校区', f1LessonSuccRate: -1, day30ZjRate: -1 }),
  ],
  areaCount: [firstStatRow({ areaName: '中关村', schoolName: '海淀校区' })],
  subjectCount: [firstStatRow({ subjectName: '数学' })],
  teacherCount: [firstStatRow({ teacherName: '王老师', teacherEmail: 'wang@demo.eduhub', schoolName: '海淀校区' })],
};

const totals = firstStatRow({ f1LessonTotalCnt: 1000, stLessonCnt: 500, handoverYJJRate: -1 });

/** A statistics page of the grouping in the body, with the totals, as the server answers it. */
function statPage(_url: URL, init?: RequestInit) {
  const search = searchOf(init);
  const records = ROWS[search.type as FirstGrouping] ?? [];
  return envelope({
    records,
    total: records.length,
    pageNo: search.pageNo,
    pageSize: search.pageSize,
    summary: totals,
  });
}

const trial = firstDetailRow(2, {
  courseTypeDesc: '试听课',
  f1Status: '',
  f3Status: '',
  f1LessonTime: 0,
  f2LessonTime: 0,
  f1PackageCode: '',
  productName: '',
  day30ZjStatus: '是',
  day90ZjStatus: '是',
  teacherZjStatus: '否',
  subjectZjStatus: '是',
  stF1LessonTime: new Date(2026, 2, 2, 9, 0).getTime(),
  stF1AreaName: '中关村',
});

function server() {
  return dcServer([
    [
      'POST',
      '/api/firstLesson/whole/detail',
      (url, init) => pageOf([searchOf(init).tabType === 'ST' ? trial : firstDetailRow(1)])(url, init),
    ],
    ['POST', '/api/firstLesson/consultant/detail', pageOf([firstDetailRow(1)])],
    ['POST', '/api/firstLesson/', statPage],
  ]);
}

const bodies = (fetch: ReturnType<typeof dcServer>, path: string) =>
  fetch.mock.calls.filter(([u]) => u === path).map(([, init]) => searchOf(init));

/** The first-lesson screens search every product type: the course tab chooses the lessons. */
const SEARCH = toWire({ ...defaultDcSearch(new Date()), productType: ['-1'] }, { pageNo: 1, pageSize: 30 });

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

const drawn = (table: HTMLElement) =>
  [...table.querySelectorAll<HTMLElement>('thead th[data-accessor]')].map((th) => th.dataset.accessor);

const tab = (name: string) => screen.getByRole('tab', { name });

describe('FirstLessonStatistics', () => {
  it('opens the overall screen on 正价课首课 › 校区排名: the ranked schools after the 合计 row, without a product type', async () => {
    const fetch = server();
    render(<FirstLessonStatistics screen={FIRST_WHOLE} exportReport={vi.fn()} />);
    expect(screen.getByRole('heading', { name: '首课整体统计' })).toBeInTheDocument();
    expect(tab('正价课首课')).toHaveAttribute('aria-selected', 'true');
    expect(tab('校区排名')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tablist', { name: '统计方式' })).toHaveTextContent('校区排名校区统计学科统计明细');
    expect(screen.queryByRole('textbox', { name: '产品类型' })).not.toBeInTheDocument();

    const table = await screen.findByRole('table', { name: '首课整体统计-正价课首课-校区排名' });
    await within(table).findByRole('row', { name: '海淀校区' });
    expect(bodies(fetch, WHOLE_STAT)).toEqual([{ ...SEARCH, tabType: 'ZJ', type: 'areaSchoolRank' }]);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['合计', '海淀校区', '朝阳校区']);
    expect(rows[0]).toHaveAttribute('data-summary', 'true');
    expect(cells(rows[0]!).slice(0, 3)).toEqual(['-', '合计', '1,000']);
    expect(cells(rows[0]!).at(-1)).toBe('/');
    expect(cells(rows[1]!)).toEqual([
      '1',
      '海淀校区',
      '20',
      '16',
      '12',
      '75.00%',
      '8',
      '50.00%',
      '80',
      '60',
      '75.00%',
      '30',
      '50.00%',
      '27',
      '90.00%',
      '18',
      '90.00%',
      '15',
      '75.00%',
      '12',
      '60.00%',
      '15',
      '75.00%',
      '10',
      '50.00%',
    ]);
    expect(cells(rows[2]!)[5]).toBe('/');
    expect(drawn(table).slice(-2)).toEqual(['handoverYJJ', 'handoverYJJRate']);
  });

  it('shows the trial figures under 试听课, sorts by a conversion rate and exports what it shows', async () => {
    const fetch = server();
    const exportReport = vi.fn();
    render(<FirstLessonStatistics screen={FIRST_WHOLE} exportReport={exportReport} />);
    await screen.findByRole('table', { name: '首课整体统计-正价课首课-校区排名' });
    await userEvent.click(tab('试听课'));
    const table = await screen.findByRole('table', { name: '首课整体统计-试听课-校区排名' });
    await within(table).findByRole('row', { name: '海淀校区' });
    expect(bodies(fetch, WHOLE_STAT).at(-1)).toEqual({ ...SEARCH, tabType: 'ST', type: 'areaSchoolRank' });
    const columns = drawn(table);
    expect(columns.slice(0, 5)).toEqual(['rank', 'schoolName', 'stLessonCnt', 'stStudentCnt', 'stOrderCnt']);
    expect(columns).not.toContain('f1LessonCnt');
    expect(columns).not.toContain('handoverYJJ');
    expect(within(table).getByRole('row', { name: '合计' })).toHaveTextContent('500');
    expect(cells(within(table).getByRole('row', { name: '朝阳校区' }))[6]).toBe('/');

    await userEvent.click(within(table).getByText('30天转正价率'));
    await waitFor(() =>
      expect(bodies(fetch, WHOLE_STAT).at(-1)?.sortInfo).toEqual({ field: 'day30ZjRate', asc: true }),
    );
    await userEvent.click(screen.getByRole('button', { name: '导出首课整体统计-试听课-校区排名' }));
    const request = exportReport.mock.calls[0]![0] as { reqParams: Record<string, unknown> };
    expect(request).toMatchObject({
      excelType: 'firstWholeStat',
      businessName: '首课整体统计-试听课-校区排名',
      total: 2,
    });
    expect(request.reqParams).toMatchObject({
      tabType: 'ST',
      type: 'areaSchoolRank',
      productType: [],
      sortInfo: { field: 'day30ZjRate', asc: true },
      columns,
    });

    // The other groupings keep the course; only school and area rows of first lessons show the pre-handover.
    await userEvent.click(tab('学科统计'));
    const subjects = await screen.findByRole('table', { name: '首课整体统计-试听课-学科统计' });
    await within(subjects).findByRole('row', { name: '数学' });
    expect(bodies(fetch, WHOLE_STAT).at(-1)).toMatchObject({ tabType: 'ST', type: 'subjectCount' });
    await userEvent.click(tab('正价课首课'));
    const zjSubjects = await screen.findByRole('table', { name: '首课整体统计-正价课首课-学科统计' });
    await within(zjSubjects).findByRole('row', { name: '数学' });
    expect(drawn(zjSubjects)[0]).toBe('subjectName');
    expect(drawn(zjSubjects)).not.toContain('handoverYJJ');
  });

  it('reads the steps in 明细 with the course and no grouping, with the columns of first lessons or trials', async () => {
    const fetch = server();
    render(<FirstLessonStatistics screen={FIRST_WHOLE} exportReport={vi.fn()} />);
    await screen.findByRole('table', { name: '首课整体统计-正价课首课-校区排名' });
    await userEvent.click(tab('明细'));
    const table = await screen.findByRole('table', { name: '首课整体统计-正价课首课-明细' });
    const row = await within(table).findByRole('row', { name: '学员1 2026-03-02 09:00 交接' });
    expect(bodies(fetch, WHOLE_DETAIL)).toEqual([{ ...SEARCH, tabType: 'ZJ' }]);
    expect(drawn(table).slice(0, 8)).toEqual([
      'studentCode',
      'studentName',
      'teacherName',
      'teacherEmail',
      'teachingAge',
      'companyAge',
      'f1Status',
      'f3Status',
    ]);
    expect(cells(row).slice(6, 12)).toEqual(['成功', '待定', '2026-03-02 09:00', '2026-03-09 09:00', '-', '-']);
    expect(row).toHaveTextContent('25:30:00');
    await userEvent.click(within(table).getByText('第一次课时间'));
    await waitFor(() =>
      expect(bodies(fetch, WHOLE_DETAIL).at(-1)?.sortInfo).toEqual({ field: 'lessonTime', asc: true }),
    );

    await userEvent.click(tab('试听课'));
    const trials = await screen.findByRole('table', { name: '首课整体统计-试听课-明细' });
    await within(trials).findByRole('row', { name: '学员2 2026-03-02 09:00 交接' });
    expect(bodies(fetch, WHOLE_DETAIL).at(-1)).toEqual({ ...SEARCH, tabType: 'ST' });
    const columns = drawn(trials);
    expect(columns.slice(6, 10)).toEqual(['stF1LessonTime', 'stF1AreaName', 'day30ZjStatus', 'day90ZjStatus']);
    expect(columns).not.toContain('f1Status');
    expect(columns).not.toContain('f1PackageCode');
  });

  it('keeps each screen’s tab pair: overall from 正价课首课 › 校区排名, teacher from 正价课首课 › 学科统计', async () => {
    const fetch = server();
    const whole = render(<FirstLessonStatistics screen={FIRST_WHOLE} exportReport={vi.fn()} />);
    await screen.findByRole('table', { name: '首课整体统计-正价课首课-校区排名' });
    await userEvent.click(tab('试听课'));
    await userEvent.click(tab('学科统计'));
    await screen.findByRole('table', { name: '首课整体统计-试听课-学科统计' });
    whole.unmount();

    const teacher = render(<FirstLessonStatistics screen={FIRST_TEACHER} exportReport={vi.fn()} />);
    expect(tab('正价课首课')).toHaveAttribute('aria-selected', 'true');
    expect(tab('学科统计')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tablist', { name: '统计方式' })).toHaveTextContent(
      '学科统计项目组统计校区统计老师统计任务明细',
    );
    await screen.findByRole('table', { name: '教师首课统计-正价课首课-学科统计' });
    expect(bodies(fetch, TEACHER_STAT)).toEqual([{ ...SEARCH, tabType: 'ZJ', type: 'subjectCount' }]);
    await userEvent.click(tab('老师统计'));
    const teachers = await screen.findByRole('table', { name: '教师首课统计-正价课首课-老师统计' });
    const wang = await within(teachers).findByRole('row', { name: '王老师' });
    expect(cells(wang).slice(0, 3)).toEqual(['王老师', 'wang@demo.eduhub', '海淀校区']);
    teacher.unmount();

    render(<FirstLessonStatistics screen={FIRST_WHOLE} exportReport={vi.fn()} />);
    expect(tab('试听课')).toHaveAttribute('aria-selected', 'true');
    expect(tab('学科统计')).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('table', { name: '首课整体统计-试听课-学科统计' });
  });

  it('shows a consultant’s steps with the course type, the step window and the completion rates', async () => {
    const fetch = server();
    render(<FirstLessonStatistics screen={FIRST_CONSULTANT} exportReport={vi.fn()} />);
    expect(tab('校区统计')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tablist', { name: '统计方式' })).toHaveTextContent('校区统计顾问统计任务明细');
    await screen.findByRole('table', { name: '顾问首课统计-正价课首课-校区统计' });
    await userEvent.click(tab('任务明细'));
    const table = await screen.findByRole('table', { name: '顾问首课统计-正价课首课-任务明细' });
    const row = await within(table).findByRole('row', { name: '学员1 2026-03-02 09:00 交接' });
    expect(drawn(table).slice(0, 3)).toEqual(['studentCode', 'studentName', 'courseTypeDesc']);
    expect(cells(row).slice(0, 3)).toEqual(['S0001', '学员1', '正价课首课']);
    expect(cells(row).slice(-3)).toEqual(['80.00%', '/', '75.00%']);
    await userEvent.click(within(table).getByText('环节截止时间'));
    await waitFor(() =>
      expect(bodies(fetch, CONSULTANT_DETAIL).at(-1)?.sortInfo).toEqual({ field: 'stepEndTime', asc: true }),
    );
  });
});
